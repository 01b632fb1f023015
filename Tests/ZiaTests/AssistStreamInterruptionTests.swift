import Foundation
import HTTPTypes
import PlatformAPI
import TestSupport
import Testing
import Zia
import ZiaAPI

/// A client reconnecting the server-sent-events way after its stream was cut (`Last-Event-ID`) is
/// told the answer was interrupted: no new run, no quota spent, no second goal in the conversation.
@Suite("Zia assist stream interruption", .timeLimit(.minutes(3)))
struct AssistStreamInterruptionTests {
    @Test("a request carrying Last-Event-ID gets error stream_interrupted, then done, and starts no run", arguments: TestDatabase.allCases)
    func reconnectIsNotANewRun(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let response = try await client.send(
                .post, AssistStreamTests.streamPath, token: user.accessToken, body: Data(#"{"goal":"dinner"}"#.utf8),
                headers: [.contentType: "application/json", HTTPField.Name("Last-Event-ID")!: "3"])
            #expect(response.status == .ok)
            let events = AssistEventRead.events(response.body)
            #expect(events.compactMap(\.type) == ["error", "done"])
            #expect((events.first?.object["error"] as? [String: Any])?["code"] as? String == "stream_interrupted")
            let zia = try #require(server.app(ZiaApp.self))
            #expect(try await zia.assistant.runs.all(for: UserID(user.userID)!).isEmpty)
            #expect(try await zia.assistant.runs.quotaUsed(by: UserID(user.userID)!, now: Date()) == 0)
        }
    }
}
