import AppServer
import Auth
import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import Zia
import ZiaAPI

/// Zia's admin routes (the platform's allow-list: 403 off it, 401 without a token), the public
/// health check, and the onboarding counters, through the HTTP API on both databases.
@Suite("Zia admin and health", .timeLimit(.minutes(3)))
struct AdminAPITests {
    /// Two users signed in on one server, then a second server on the same database with the first
    /// on the admin allow-list (the allow-list is read when the server is built).
    static func withAdmin(_ database: TestDatabase, _ body: @Sendable (TestClient, ServerComponents, SignedIn, SignedIn) async throws -> Void) async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configure: @Sendable (inout ServerConfiguration) -> Void = {
            $0.apps = [ZiaApp.id]; $0.dataDirectory = folder.path
        }
        let (admin, other) = try await withServer(database, configure: configure, dependencies: .init(extraModules: ZiaServer.modules)) { client, _ in
            (try await client.signIn(app: "zia"), try await client.signIn(app: "zia"))
        }
        try await withServer(
            database,
            configure: {
                configure(&$0); $0.adminAllowList = AdminAllowList([UserID(admin.userID)!])
            }, dependencies: .init(extraModules: ZiaServer.modules)
        ) { client, server in
            try await body(client, server, admin, other)
        }
    }

    static let adminPaths = [ZiaRoutes.adminHealth.endpoint.path, ZiaRoutes.experiments.endpoint.path, ZiaRoutes.costs.endpoint.path]

    @Test("admin routes answer admins; a user off the allow-list gets 403, no token 401", arguments: TestDatabase.allCases)
    func allowList(_ database: TestDatabase) async throws {
        try await Self.withAdmin(database) { client, _, admin, other in
            for path in Self.adminPaths {
                #expect(try await client.send(.get, path, token: admin.accessToken).status == .ok, "\(path)")
                let forbidden = try await client.send(.get, path, token: other.accessToken)
                #expect(forbidden.status == .forbidden && forbidden.errorCode == "not_an_admin", "\(path): \(forbidden.text)")
                let anonymous = try await client.send(.get, path)
                #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil, "\(path)")
            }
            let health = try await client.send(.get, ZiaRoutes.adminHealth.endpoint.path, token: admin.accessToken).decode(AdminHealth.self)
            #expect(health.database == .ok && health.status == .ok)
            let experiments = try await client.send(.get, ZiaRoutes.experiments.endpoint.path, token: admin.accessToken).decode(ExperimentList.self)
            #expect(experiments == ExperimentList(experiments: ZiaExperiments.all))
        }
    }

    @Test("every experiment's sampling rates add up to 1 and its overrides name its variants; arms are stable and follow the cohort")
    func experimentTable() throws {
        for experiment in ZiaExperiments.all {
            #expect(abs(experiment.variants.map(\.samplingRate).reduce(0, +) - 1) < 1e-9, "\(experiment.name)")
            #expect(experiment.cohortOverrides.values.allSatisfy { name in experiment.variants.contains { $0.name == name } }, "\(experiment.name)")
        }
        let users = (0..<2000).map { _ in UserID() }
        let arms = users.map { ZiaExperiments.variant(of: "synthesis_prompt", for: $0, cohort: nil) }
        #expect(users.map { ZiaExperiments.variant(of: "synthesis_prompt", for: $0, cohort: nil) } == arms, "stable")
        let share = Double(arms.filter { $0 == "concise_v2" }.count) / Double(users.count)
        #expect(share > 0.15 && share < 0.25, "about the 20% sampled: \(share)")
        #expect(ZiaExperiments.variant(of: "synthesis_prompt", for: users[0], cohort: "internal") == "concise_v2")
        #expect(ZiaExperiments.variant(of: "nope", for: users[0], cohort: nil) == nil)
    }

    @Test("costs are Zia's run_metrics per UTC day, oldest first, zero-filled; days outside 1…90 are a 422", arguments: TestDatabase.allCases)
    func costs(_ database: TestDatabase) async throws {
        try await Self.withAdmin(database) { client, server, admin, _ in
            let now = Date()
            let day = { (offset: Int) in ISO8601.day(of: now.addingTimeInterval(-Double(offset) * 86_400)) }
            let before = try await client.send(.get, ZiaRoutes.costs.endpoint.path, token: admin.accessToken).decode(CostReport.self)
            let wideBefore = try await client.send(.get, ZiaRoutes.costs.endpoint.path + "?days=90", token: admin.accessToken).decode(CostReport.self)
            for (app, offset, cost) in [("zia", 0, 0.25), ("zia", 0, 0.5), ("zia", 3, 1.0), ("zia", 20, 9.0), ("knot", 0, 7.0)] {
                let stamp = day(offset)
                try await server.database.transaction { db in
                    try await db.raw(
                        """
                        INSERT INTO run_metrics (id, app, purpose, provider, model, input_tokens, output_tokens, cost_usd, latency_ms, outcome, day, created_at)
                        VALUES (\(bind: UUID()), \(bind: app), 'zia.synthesis', 'openai', 'gpt', 100, 50, \(bind: cost), 10, 'ok', \(bind: stamp), \(bind: now))
                        """
                    ).run()
                }
            }
            // PostgreSQL's run_metrics is shared with other tests: what this test added is the difference.
            let report = try await client.send(.get, ZiaRoutes.costs.endpoint.path, token: admin.accessToken).decode(CostReport.self)
            #expect(report.days == 14 && report.daily.count == 14)
            #expect(report.daily.map(\.day) == (0..<14).reversed().map { day($0) }, "every day, oldest first")
            let added = zip(report.daily, before.daily).map { after, before in
                DailyCost(
                    day: after.day, costUSD: after.costUSD - before.costUSD, calls: after.calls - before.calls, inputTokens: after.inputTokens - before.inputTokens,
                    outputTokens: after.outputTokens - before.outputTokens)
            }
            // Other tests' assist runs on the shared PostgreSQL add offline (free) calls meanwhile: there
            // only the spend is exact; SQLite's database is this server's alone, so every count is.
            func same(_ a: DailyCost, _ b: DailyCost) -> Bool {
                database == .sqlite ? a == b : a.day == b.day && abs(a.costUSD - b.costUSD) < 1e-9 && a.calls >= b.calls
            }
            #expect(same(added.last!, DailyCost(day: day(0), costUSD: 0.75, calls: 2, inputTokens: 200, outputTokens: 100)), "knot's spend is not zia's")
            #expect(same(added[10], DailyCost(day: day(3), costUSD: 1.0, calls: 1, inputTokens: 100, outputTokens: 50)))
            #expect(added.enumerated().allSatisfy { [10, 13].contains($0.offset) || same($0.element, DailyCost(day: $0.element.day)) }, "the other days add nothing")
            #expect(abs(report.totalCostUSD - before.totalCostUSD - 1.75) < 1e-9, "the day 20 days ago is outside the window")
            let wide = try await client.send(.get, ZiaRoutes.costs.endpoint.path + "?days=90", token: admin.accessToken).decode(CostReport.self)
            #expect(wide.daily.count == 90 && abs(wide.totalCostUSD - wideBefore.totalCostUSD - 10.75) < 1e-9)
            #expect(try await client.send(.get, ZiaRoutes.costs.endpoint.path + "?days=1", token: admin.accessToken).decode(CostReport.self).daily.map(\.day) == [day(0)])
            for bad in ["0", "91", "two", ""] {
                let response = try await client.send(.get, ZiaRoutes.costs.endpoint.path + "?days=" + bad, token: admin.accessToken)
                #expect(response.status == .unprocessableContent && response.errorFields == ["days"], "\(bad): \(response.text)")
            }
        }
    }

    @Test("GET /zia/v1/health is public; both health checks answer 503 with Retry-After when the database fails", arguments: TestDatabase.allCases)
    func health(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let health = try await client.send(.get, ZiaRoutes.health.endpoint.path)
            #expect(health.status == .ok && health.json["status"] as? String == "ok" && health.json["database"] as? String == "ok", "\(health.text)")
            let down = ZiaHealthCheck(database: FaultyDatabase(server.database) { _ in true }, models: server.router)
            let admin = await down.adminHealth()
            #expect(admin.status == .serviceUnavailable && admin.headers[.retryAfter] == "5")
            #expect(admin.responseGenerator.database == .unavailable && admin.responseGenerator.status == .unavailable)
            let open = await down.publicHealth()
            #expect(open.status == .serviceUnavailable && open.headers[.retryAfter] == "5" && open.responseGenerator == ZiaHealth(database: .unavailable))
        }
    }

    @Test("onboarding_started_total counts a first household, onboarding_completed_total its completion, by beta cohort", arguments: TestDatabase.allCases)
    func onboardingMetrics(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let started = { (cohort: String) in server.metrics.counterValue("onboarding_started_total", labels: ["beta_cohort": cohort]) }
            let completed = { (cohort: String) in server.metrics.counterValue("onboarding_completed_total", labels: ["beta_cohort": cohort]) }
            let beta = try await client.signIn(app: "zia")
            let plain = try await client.signIn(app: "zia")
            _ = try await client.send(.post, ZiaServer.upsertUser, token: beta.accessToken, json: ["beta_cohort": "alpha"])
            for _ in 0..<2 { _ = try await client.send(.post, ZiaServer.upsertHousehold, token: beta.accessToken, json: ["kidsAges": [4]]) }
            #expect(started("alpha") == 1 && completed("alpha") == 0)
            for _ in 0..<2 { _ = try await client.send(.post, ZiaServer.upsertHousehold, token: beta.accessToken, json: ["onboarding_completed": true]) }
            #expect(completed("alpha") == 1, "false → true once")
            _ = try await client.send(.post, ZiaServer.upsertHousehold, token: beta.accessToken, json: ["onboarding_completed": false])
            _ = try await client.send(.post, ZiaServer.upsertHousehold, token: beta.accessToken, json: ["onboarding_completed": true])
            #expect(completed("alpha") == 2 && started("alpha") == 1)
            _ = try await client.send(.post, ZiaServer.upsertHousehold, token: plain.accessToken, json: ["onboarding_completed": true])
            #expect(started("none") == 1 && completed("none") == 1)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.text.contains("onboarding_started_total{beta_cohort=\"alpha\"} 1"), "\(metrics.text.prefix(400))")
        }
    }
}
