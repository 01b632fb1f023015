import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// `GET /zia/v1/conversations`, `GET` and `DELETE /zia/v1/conversations/{id}`, the export and
/// account deletion, through the HTTP API on both databases.
@Suite("Zia conversations", .timeLimit(.minutes(3)))
struct ConversationAPITests {
    static let list = ZiaRoutes.conversations.endpoint.path
    static func one(_ id: String) -> String { ZiaRoutes.root.prefix + "/conversations/" + id }

    /// Starts a conversation with `goal` and answers its id.
    static func start(_ client: TestClient, _ token: String, _ goal: String) async throws -> String {
        let response = try await client.send(.post, ZiaRoutes.assistStream.endpoint.path, token: token, json: ["goal": goal])
        return try #require(AssistEventRead.events(response.body).first?.object["conversation_id"] as? String)
    }

    @Test("the caller's conversations newest first, paged with X-Next-Cursor; one with its messages; anyone else's is a 404 to read or delete", arguments: TestDatabase.allCases)
    func listReadDelete(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            var ids: [String] = []
            for goal in ["first goal", "second goal", "third goal"] { ids.append(try await Self.start(client, user.accessToken, goal)) }
            let theirs = try await Self.start(client, other.accessToken, "their goal")

            let page1 = try await client.send(.get, Self.list + "?limit=2", token: user.accessToken)
            #expect(page1.status == .ok)
            #expect(try page1.decode([ConversationSummary].self).map(\.title) == ["third goal", "second goal"])
            let cursor = try #require(page1.headers[HTTPField.Name("X-Next-Cursor")!])
            let page2 = try await client.send(.get, Self.list + "?limit=2&cursor=\(cursor)", token: user.accessToken)
            #expect(try page2.decode([ConversationSummary].self).map(\.title) == ["first goal"] && page2.headers[HTTPField.Name("X-Next-Cursor")!] == nil)
            let stolen = try await client.send(.get, Self.list + "?cursor=\(cursor)", token: other.accessToken)
            #expect(stolen.status == .unprocessableContent && stolen.errorFields == ["cursor"])
            #expect(try await client.send(.get, Self.list + "?limit=0", token: user.accessToken).errorFields == ["limit"])

            let read = try await client.send(.get, Self.one(ids[0]), token: user.accessToken)
            let conversation = try read.decode(Conversation.self)
            #expect(conversation.title == "first goal" && conversation.messages.first?.content == "first goal" && conversation.messages.first?.role == .user)
            #expect(conversation.messages.count == 2 && conversation.messages[1].role == .assistant && conversation.messages[1].runID != nil)

            for probe in [theirs, UUID().uuidString, "not-an-id"] {
                let get = try await client.send(.get, Self.one(probe), token: user.accessToken)
                #expect(get.status == .notFound && get.errorCode == "conversation_not_found", "\(probe): \(get.text)")
                let delete = try await client.send(.delete, Self.one(probe), token: user.accessToken)
                #expect(delete.status == .notFound, "\(probe)")
            }
            #expect(try await client.send(.get, Self.one(theirs), token: other.accessToken).status == .ok, "the failed delete left theirs alone")
            #expect(try await client.send(.delete, Self.one(ids[1]), token: user.accessToken).status == .noContent)
            #expect(try await client.send(.get, Self.one(ids[1]), token: user.accessToken).status == .notFound)
            #expect(try await client.send(.get, Self.list, token: user.accessToken).decode([ConversationSummary].self).map(\.title) == ["third goal", "first goal"])
            #expect(try await client.send(.get, Self.list, token: nil).status == .unauthorized)
        }
    }

    @Test("a long first goal is cut at a word for the title")
    func titles() {
        #expect(ConversationRepository.title(from: "  Plan dinners  \nfor the week") == "Plan dinners")
        let long = ConversationRepository.title(from: String(repeating: "word ", count: 40))
        #expect(long.count <= ZiaRules.maxConversationTitleLength && long.hasSuffix("word…"))
    }

    @Test("the export holds the conversations, messages and runs; deleting the account removes them and no one else's", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let survivor = try await client.signIn(app: "zia")
            for person in [user, survivor] { _ = try await Self.start(client, person.accessToken, "dinner for \(person.userID)") }
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            let data = try #require(export.json["data"] as? [String: Any])
            let conversations = try #require(data["conversations"] as? [[String: Any]])
            #expect(conversations.count == 1 && conversations[0]["title"] as? String == "dinner for \(user.userID)")
            #expect((conversations[0]["messages"] as? [[String: Any]])?.count == 2)
            let runs = try #require(data["agent_runs"] as? [[String: Any]])
            #expect(runs.count == 1 && runs[0]["outcome"] as? String == "ok" && runs[0]["counts_toward_quota"] as? Bool == true)

            #expect(try await Self.rows(of: user.userID, in: server.database) == 4)
            let deleted = try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(try await Self.rows(of: user.userID, in: server.database) == 0)
            #expect(try await Self.rows(of: survivor.userID, in: server.database) == 4)
        }
    }

    /// The user's rows in the assistant's tables (conversation + 2 messages + 1 run per request).
    static func rows(of user: String, in database: any Database) async throws -> Int {
        let id = UUID(uuidString: user)!
        return try await database.read { db in
            var total = 0
            for table in ["zia_conversations", "zia_messages", "zia_agent_runs"] {
                total += try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE user_id = \(bind: id)").first()!.decode(column: "n", as: Int.self)
            }
            return total
        }
    }
}
