import Foundation
import PlatformAPI
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant

/// The assistant's limits across several server instances on one PostgreSQL: the per-user rate
/// limit and the monthly quota hold as on one instance, whichever instance a request reaches.
@Suite("Zia assist across instances", .timeLimit(.minutes(3)))
struct MultiInstanceAssistTests {
    @Test("the per-user limit across instances: three instances on one PostgreSQL admit it once in total, then 429 with Retry-After; a minute later, again")
    func perUserLimitAcrossInstances() async throws {
        let clock = TestClock()
        try await withInstances(
            3,
            configure: { _, configuration in
                configuration.apps = [ZiaApp.id]; configuration.appOverrides["ZIA_ASSIST_PER_USER_PER_MINUTE"] = "6"
            }, dependencies: .init(clock: clock, extraModules: ZiaServer.modules)
        ) { clients, _ in
            let user = try await clients[0].signIn(app: "zia")
            for round in 0..<2 {
                let outcome = try await spreadRequests(18, over: clients) {
                    try await $0.send(.post, AssistStreamTests.streamPath, token: user.accessToken, json: ["goal": "dinner"])
                }
                #expect(outcome.admitted == 6, "round \(round)")
                #expect((1...10).contains(outcome.retryAfter ?? 0), "one of 6 a minute is back within 10 s")
                clock.advance(by: 60)
            }
        }
    }

    @Test("10 concurrent requests at limit - 1 spread over two instances on one PostgreSQL: exactly one runs")
    func concurrentAcrossInstances() async throws {
        try await withInstances(
            2,
            configure: { _, configuration in
                configuration.apps = [ZiaApp.id]; configuration.appOverrides["ZIA_ASSIST_MONTHLY_QUOTA"] = "2"
            },
            dependencies: .init(extraModules: ZiaServer.modules)
        ) { clients, servers in
            let user = try await clients[0].signIn(app: "zia")
            let path = AssistStreamTests.streamPath
            let first = AssistEventRead.events(try await clients[1].send(.post, path, token: user.accessToken, json: ["goal": "dinner"]).body)
            #expect(first.compactMap(\.type).suffix(2) == ["final", "done"])
            let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                for index in 0..<AssistQuotaReservationTests.racers {
                    let client = clients[index % 2]
                    group.addTask { AssistEventRead.events(try await client.send(.post, path, token: user.accessToken, json: ["goal": "dinner \(index)"]).body).compactMap(\.type) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let (finals, exceeded) = AssistQuotaReservationTests.tally(answers)
            #expect(finals == 1 && exceeded == AssistQuotaReservationTests.racers - 1, "\(answers)")
            let runs = try await #require(servers[0].app(ZiaApp.self)).assistant.runs.all(for: UserID(user.userID)!)
            #expect(runs.filter(\.countsTowardQuota).count == 2)
        }
    }
}
