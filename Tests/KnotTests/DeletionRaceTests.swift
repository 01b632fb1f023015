import Foundation
import HTTPTypes
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Knot

@Suite("Writes racing account deletion", .timeLimit(.minutes(3)))
struct DeletionRaceTests {
    @Test("hint creations and generate calls racing DELETE /users/me answer 200/201, 401 or 404 — never 500", arguments: TestDatabase.allCases)
    func writesRacingDeletion(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            var answered: [Int: Int] = [:]
            for round in 0..<3 {
                let user = try await HintsAPITests.userWithVault(client)
                // Workers keep writing until their session is gone, so requests are in flight on
                // both sides of the deletion: authenticated before it, writing after it.
                let statuses = try await withThrowingTaskGroup(of: [(String, Int)].self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            var seen: [(String, Int)] = []
                            for attempt in 0..<60 {
                                let response: APIResponse
                                if worker % 4 == 3 {
                                    response = try await client.send(
                                        .post, "/knot/api/v1/recommendations/generate", token: user.accessToken, json: ["occasion_type": "just_because"])
                                    seen.append(("generate", Int(response.status.code)))
                                } else {
                                    response = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "hint \(worker)-\(attempt)"])
                                    seen.append(("hint", Int(response.status.code)))
                                }
                                if response.status.code >= 500 || response.status == .unprocessableContent { Issue.record("\(response.status): \(response.text)") }
                                if response.status == .unauthorized { break }
                            }
                            return seen
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: .milliseconds(30 + 20 * round))
                        let deleted = try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken)
                        if deleted.status != .ok { Issue.record("deletion: \(deleted.status) \(deleted.text)") }
                        return [("delete", Int(deleted.status.code))]
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                #expect(statuses.contains { $0 == ("delete", 200) })
                for (kind, status) in statuses where kind != "delete" {
                    #expect([200, 201, 401, 404].contains(status), "\(kind) answered \(status)")
                    answered[status, default: 0] += 1
                }
                let owner = UUID(uuidString: user.userID)!
                let leftovers = try await server.database.read { db in
                    try await db.raw("SELECT COUNT(*) AS n FROM vector_entries WHERE owner_id = \(bind: owner)").first()!.decode(column: "n", as: Int.self)
                        + db.raw("SELECT COUNT(*) AS n FROM partner_vaults WHERE user_id = \(bind: owner)").first()!.decode(column: "n", as: Int.self)
                }
                #expect(leftovers == 0, "nothing of the account survives")
            }
            #expect(answered[401, default: 0] > 0, "the writes outlived the account: \(answered)")
        }
    }
}
