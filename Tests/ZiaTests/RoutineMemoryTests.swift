import Foundation
import TestSupport
import Testing
import ZiaAPI

/// Completing a routine run writes a `routine_…_completed` fact, with the user's consent only.
@Suite("Zia routine memories", .timeLimit(.minutes(3)))
struct RoutineMemoryTests {
    @Test("a completed run becomes a routine_ memory while personalization_consent is on; without it nothing is written", arguments: TestDatabase.allCases)
    func completionWritesBack(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            for consent in [true, false] {
                let user = try await client.signIn(app: "zia")
                #expect(try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": consent]).status == .ok)
                let started = try await client.send(.post, ZiaRoutes.startRoutineRun.endpoint.path, token: user.accessToken, json: ["steps_total": 3])
                #expect(started.status == .created, "\(started.text)")
                let id = try #require(started.json["id"] as? String)
                let completed = try await client.send(.post, ZiaRoutes.root.prefix + "/routine-runs/\(id)/complete", token: user.accessToken)
                #expect(completed.status == .ok, "\(completed.text)")
                let memories = try await client.send(.get, ZiaRoutes.memories.endpoint.path, token: user.accessToken)
                let keys = ((memories.json["memories"] as? [[String: Any]]) ?? []).compactMap { $0["key"] as? String }
                #expect(keys.contains { $0.hasPrefix("routine_") && $0.hasSuffix("_completed") } == consent, "consent \(consent): \(memories.text)")
            }
        }
    }
}
