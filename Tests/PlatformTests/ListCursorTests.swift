import AppServer
import Foundation
import HTTPTypes
import KnotTestSupport
import Persistence
import TestSupport
import Testing

/// Every cursor-paged list of every app hands out cursors bound to the account (and the list) they
/// were issued for: another account's cursor, another list's, or an altered one is a 422 naming
/// `cursor`, and the owner's walks the list.
@Suite("List cursors", .timeLimit(.minutes(3)))
struct ListCursorTests {
    /// One cursor-paged list: how to give a user three items in it, and where its next cursor is.
    struct PagedList: Sendable {
        let operation: String
        let signIn: @Sendable (TestClient) async throws -> SignedIn
        let addItem: @Sendable (TestClient, SignedIn, Int) async throws -> Void
        /// The next page's cursor: the `X-Next-Cursor` header, or the body's `next_cursor`.
        let inBody: Bool
    }

    static let vibeKeeper = "/vibekeeper/api/v1"

    static let lists: [PagedList] = [
        PagedList(
            operation: "GET /knot/api/v1/hints",
            signIn: { client in
                let user = try await client.signIn()
                _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
                return user
            },
            addItem: { client, user, n in try await created(client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "hint \(n)"])) },
            inBody: true),
        PagedList(
            operation: "GET \(vibeKeeper)/gift-ideas", signIn: { try await $0.signIn(app: "vibekeeper") },
            addItem: { client, user, n in try await created(client.send(.post, "\(vibeKeeper)/gift-ideas", token: user.accessToken, json: ["idea": "idea \(n)"])) },
            inBody: false),
        PagedList(
            operation: "GET \(vibeKeeper)/capture/review", signIn: { try await $0.signIn(app: "vibekeeper") },
            addItem: { client, user, n in
                // Words the extractor does not recognise as an idea wait for review.
                let response = try await client.send(.post, "\(vibeKeeper)/capture/text", token: user.accessToken, json: ["text_content": "hmm, not sure yet \(n)"])
                guard response.status == .ok, response.json["needs_review"] as? Bool == true else {
                    throw TestFailure("capture did not wait for review: \(response.text)")
                }
            },
            inBody: false),
        PagedList(
            operation: "GET \(vibeKeeper)/contacts", signIn: { try await $0.signIn(app: "vibekeeper") },
            addItem: { client, user, n in try await created(client.send(.post, "\(vibeKeeper)/contacts", token: user.accessToken, json: ["name": "Person \(n)"])) },
            inBody: false),
        PagedList(
            operation: "GET /zia/v1/conversations", signIn: { try await $0.signIn(app: "zia") },
            addItem: { client, user, n in
                // Every assist request without a conversation starts one.
                let response = try await client.send(.post, "/zia/v1/assist/stream", token: user.accessToken, json: ["goal": "Plan dinners \(n)"])
                guard response.status == .ok, response.text.contains("event: done") else { throw TestFailure("no conversation started: \(response.status) \(response.text)") }
            },
            inBody: false),
        PagedList(
            operation: "GET /zia/v1/artifacts", signIn: { try await $0.signIn(app: "zia") },
            addItem: { client, user, n in
                let payload: [String: Any] = ["plan_text": "Steps \(n)", "steps": [["time": "19:00", "title": "Bath", "minutes": 15]], "total_minutes": 15]
                try await created(
                    client.send(.post, "/zia/v1/artifacts", token: user.accessToken, json: ["artifact_type": "bedtime_routine", "payload": payload]))
            },
            inBody: false),
        PagedList(
            operation: "GET /farelens/v1/watchlists",
            signIn: { client in
                // Pro: three watchlists (Free keeps two).
                let user = try await client.signIn(app: "farelens")
                _ = try await client.send(.post, "/farelens/v1/dev/tier", token: user.accessToken, json: ["tier": "pro"])
                return user
            },
            addItem: { client, user, n in
                let destinations = ["JFK", "SFO", "ORD"]
                try await created(client.send(.post, "/farelens/v1/watchlists", token: user.accessToken, json: ["origin": "LAX", "destination": destinations[n]]))
            },
            inBody: false),
        PagedList(
            operation: "GET /farelens/v1/points/programs", signIn: { try await $0.signIn(app: "farelens") },
            addItem: { client, user, n in
                try await created(
                    client.send(.post, "/farelens/v1/points/programs", token: user.accessToken, json: ["kind": "airline", "name": "Program \(n)", "balance": 1000]))
            },
            inBody: false),
    ]

    /// Lists whose items a test cannot give one user alone (FareLens's deals are everyone's, and
    /// saved deals need them; alerts come from scheduled checks): their cursors' binding is tested in
    /// `DealsAPITests` and `AlertsAPITests` (another account's cursor, an altered one).
    static let testedElsewhere: Set<String> = ["GET /farelens/v1/deals", "GET /farelens/v1/saved-deals", "GET /farelens/v1/alerts/history"]

    static func created(_ response: APIResponse) throws {
        guard response.status == .created else { throw TestFailure("not created: \(response.status) \(response.text)") }
    }

    @Test("a cursor works for its account and list only: another account's, another list's or an altered one is a 422 naming cursor", arguments: TestDatabase.allCases)
    func boundToAccountAndList(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            // The lists here are every operation of every served document that takes a cursor.
            var paged = Set<String>()
            for app in server.apps {
                let document = try type(of: app).servedOpenAPIDocument()
                let base = "/\(type(of: app).id.rawValue)"
                for (path, item) in document.object["paths"] as? [String: Any] ?? [:] {
                    for (method, operation) in item as? [String: Any] ?? [:] {
                        let parameters = (operation as? [String: Any])?["parameters"] as? [[String: Any]] ?? []
                        if parameters.contains(where: { $0["name"] as? String == "cursor" }) { paged.insert("\(method.uppercased()) \(base)\(path)") }
                    }
                }
            }
            #expect(paged == Set(Self.lists.map(\.operation)).union(Self.testedElsewhere))

            var issued: [(list: PagedList, owner: SignedIn, cursor: String)] = []
            for list in Self.lists {
                let path = String(list.operation.dropFirst(4))
                let owner = try await list.signIn(client), stranger = try await list.signIn(client)
                for n in 0..<3 {
                    try await list.addItem(client, owner, n)
                    try await list.addItem(client, stranger, n)
                }
                func page(_ user: SignedIn, _ cursor: String?) async throws -> APIResponse {
                    try await client.send(.get, "\(path)?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: user.accessToken)
                }
                func next(_ response: APIResponse) -> String? {
                    list.inBody ? response.json["next_cursor"] as? String : response.headers[HTTPField.Name("X-Next-Cursor")!]
                }
                let first = try await page(owner, nil)
                let cursor = try #require(next(first), "\(list.operation): \(first.text)")
                // The owner's next page: the last item, and no further cursor.
                let second = try await page(owner, cursor)
                #expect(second.status == .ok, "\(list.operation): \(second.text)")
                #expect(next(second) == nil)
                // Another account, with items of its own in the same list: refused.
                let foreign = try await page(stranger, cursor)
                #expect(foreign.status == .unprocessableContent, "\(list.operation): \(foreign.status)")
                #expect(foreign.errorFields == ["cursor"])
                // One character of the signature changed: refused.
                var characters = Array(cursor)
                characters[40] = characters[40] == "A" ? "B" : "A"
                let altered = String(characters)
                #expect(try await page(owner, altered).errorFields == ["cursor"], "\(list.operation)")
                issued.append((list, owner, cursor))
            }
            // A cursor of one list is not one of another, for the same account.
            for (list, owner, cursor) in issued {
                for other in Self.lists where other.operation != list.operation && other.operation.hasPrefix("GET /vibekeeper") && list.operation.hasPrefix("GET /vibekeeper") {
                    let response = try await client.send(.get, "\(other.operation.dropFirst(4))?cursor=\(cursor)", token: owner.accessToken)
                    #expect(response.errorFields == ["cursor"], "\(list.operation)'s cursor on \(other.operation)")
                }
            }
        }
    }

    @Test("the signer: a cursor round-trips for its user and list only, within years 1–9999")
    func signer() throws {
        let secret = Data("server secret".utf8)
        let hints = PageCursorSigner(secret: secret, list: "hints"), ideas = PageCursorSigner(secret: secret, list: "ideas")
        let user = UUID(), other = UUID()
        let cursor = PageCursor(createdAt: Date(timeIntervalSince1970: Double(1_800_000_000_123_456) / 1_000_000), id: UUID())
        let text = hints.encode(cursor, for: user)
        #expect(text.count == 54 && !text.contains("=") && !text.contains("+") && !text.contains("/"))
        #expect(hints.decode(text, for: user) == cursor)
        #expect(PageCursorSigner(secret: secret, list: "hints").decode(text, for: user) == cursor, "stable across instances with the same secret")
        #expect(hints.decode(text, for: other) == nil)
        #expect(ideas.decode(text, for: user) == nil)
        #expect(PageCursorSigner(secret: Data("another secret".utf8), list: "hints").decode(text, for: user) == nil)
        for garbage in ["", "garbage", String(repeating: "A", count: 54), String(repeating: "A", count: 500), text + "A"] {
            #expect(hints.decode(garbage, for: user) == nil, "\(garbage)")
        }
        for edge in [Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 253_402_300_799.999)] {
            let place = PageCursor(createdAt: edge, id: UUID())
            #expect(hints.decode(hints.encode(place, for: user), for: user) != nil)
        }
    }
}
