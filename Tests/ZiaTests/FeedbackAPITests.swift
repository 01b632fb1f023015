import AppServer
import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import ZiaAPI

/// `POST /zia/v1/feedback` through the HTTP API on both databases. Runs are inserted directly (the
/// assistant writes the real ones).
@Suite("Zia feedback", .timeLimit(.minutes(3)))
struct FeedbackAPITests {
    static var path: String { ZiaRoutes.feedback.endpoint.path }

    /// A finished run of `user`'s in `zia_agent_runs`.
    static func insertRun(for user: String, in database: any Database) async throws -> UUID {
        let id = UUID()
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO zia_agent_runs (id, user_id, conversation_id, intent, graph, state, outcome, counts_toward_quota, input_tokens, output_tokens, cost_usd, duration_ms, created_at)
                VALUES (\(bind: id), \(bind: UUID(uuidString: user)!), NULL, 'meal_planning', '["planning","retrieval","synthesis"]', '{}', 'ok', \(bind: true), 10, 20, \(bind: 0.001), 5, \(bind: Date()))
                """
            ).run()
        }
        return id
    }

    @Test("feedback on the caller's run is stored and answered 201; another's or an unknown run is 404 run_not_found", arguments: TestDatabase.allCases)
    func ownership(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let run = try await Self.insertRun(for: user.userID, in: server.database)
            let payload: [String: Any] = ["edited_plan": ["Mon": "pasta", "Tue": NSNull()], "rating": 4, "ratio": 0.5, "ok": true]
            let given = try await client.send(
                .post, Self.path, token: user.accessToken, json: ["run_id": run.uuidString, "signal": "edit", "comment": "  less salt ", "payload": payload])
            #expect(given.status == .created, "\(given.text)")
            let feedback = try given.decode(Feedback.self)
            #expect(feedback.runID == run && feedback.signal == .edit && feedback.comment == "less salt")
            #expect(
                feedback.payload == .object(["edited_plan": .object(["Mon": .string("pasta"), "Tue": .null]), "rating": .number(4), "ratio": .number(0.5), "ok": .bool(true)]))
            #expect(given.json["payload"] is [String: Any] && (given.json["payload"] as? [String: Any])?["rating"] as? Int == 4)
            let plain = try await client.send(.post, Self.path, token: user.accessToken, json: ["run_id": run.uuidString, "signal": "up"])
            #expect(plain.status == .created && plain.json["comment"] is NSNull && plain.json["payload"] is NSNull)

            for (token, id) in [(other.accessToken, run), (user.accessToken, UUID())] {
                let refused = try await client.send(.post, Self.path, token: token, json: ["run_id": id.uuidString, "signal": "down"])
                #expect(refused.status == .notFound && refused.errorCode == "run_not_found", "\(refused.text)")
            }
            let stored = try await server.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM zia_feedback WHERE run_id = \(bind: run)").first()!.decode(column: "n", as: Int.self)
            }
            #expect(stored == 2)
        }
    }

    @Test("a bad signal, run id, comment or payload is a 422 naming the field", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let run = try await Self.insertRun(for: user.userID, in: server.database).uuidString
            let big = String(repeating: "x", count: FeedbackRules.maxPayloadBytes)
            let cases: [([String: Any], [String])] = [
                ([:], ["run_id", "signal"]),
                (["run_id": "run-1", "signal": "up"], ["run_id"]),
                (["run_id": run, "signal": "meh"], ["signal"]),
                (["run_id": run, "signal": "up", "comment": String(repeating: "c", count: 2001)], ["comment"]),
                (["run_id": run, "signal": "up", "payload": [1, 2]], ["payload"]),
                (["run_id": run, "signal": "up", "payload": "text"], ["payload"]),
                (["run_id": run, "signal": "up", "payload": ["text": big]], ["payload"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, Self.path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields.sorted() == fields, "\(body): \(response.text)")
            }
            let fits = try await client.send(
                .post, Self.path, token: user.accessToken,
                json: ["run_id": run, "signal": "up", "comment": String(repeating: "c", count: 2000), "payload": ["t": String(repeating: "x", count: 16_000)]])
            #expect(fits.status == .created, "\(fits.text)")
        }
    }
}
