import AppServer
import FareLens
import FareLensAPI
import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing

/// FareLens's Free watchlist limit with two instances on one PostgreSQL database: creates racing
/// through different instances still stop at exactly the limit (the user's advisory lock is the
/// database's, not an instance's).
@Suite("FareLens watchlist limit across instances", .timeLimit(.minutes(3)))
struct MultiInstanceWatchlistLimitTests {
    @Test("a Free user's creates racing on two instances (from none, and the third and fourth after one) make exactly 2 watchlists; the rest are 403 tier_limit")
    func limitHolds() async throws {
        try await withInstances(2, configure: { _, configuration in configuration.apps = [FareLensApp.id] }, dependencies: .init(clock: TestClock(WatchlistsAPITests.start))) {
            clients, _ in
            for round in 0..<6 {
                let user = try await clients[0].signIn(app: "farelens")
                // Even rounds race four creates from none; odd rounds keep one, then race the next three.
                let existing = round % 2
                for _ in 0..<existing {
                    #expect(try await WatchlistsAPITests.create(clients[1], user, ["origin": "LAX", "destination": "JFK"]).status == .created)
                }
                let racing = 4 - existing
                let responses = try await withThrowingTaskGroup(of: APIResponse.self) { group in
                    for index in 0..<racing {
                        group.addTask { try await WatchlistsAPITests.create(clients[index % 2], user, ["origin": "SFO", "destination": "LHR"]) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let statuses = responses.map(\.status)
                #expect(statuses.filter { $0 == .created }.count == 2 - existing, "round \(round): \(statuses)")
                #expect(
                    responses.filter { $0.status != .created }.allSatisfy { $0.status == .forbidden && $0.errorCode == "tier_limit" },
                    "round \(round): \(responses.map(\.text))")
                for client in clients { #expect(try await WatchlistsAPITests.list(client, user).count == 2, "round \(round)") }
            }
        }
    }
}
