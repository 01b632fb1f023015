import AIProviders
import Auth
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET /admin/healthz|experiments|costs`: for the users on the platform's admin allow-list
/// (others signed in: 403; no token: 401).
public struct ZiaAdminController: Sendable {
    let health: ZiaHealthCheck
    let usage: SQLUsageRecorder
    let admins: AdminAllowList
    let clock: any TimeSource

    public init(health: ZiaHealthCheck, usage: SQLUsageRecorder, admins: AdminAllowList, clock: any TimeSource) {
        self.health = health
        self.usage = usage
        self.admins = admins
        self.clock = clock
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let admin = api.group().add(middleware: AdminOnlyMiddleware(admins))
        admin.on(ZiaRoutes.adminHealth, edited: { _, _, _ in await health.adminHealth() })
        admin.on(ZiaRoutes.experiments, use: { _, _, _ in ExperimentList(experiments: ZiaExperiments.all) })
        admin.on(ZiaRoutes.costs, use: costs)
    }

    @Sendable func costs(_ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: CostQuery) async throws -> CostReport {
        try await Self.report(days: query.days, endingOn: clock.now(), usage: usage)
    }

    /// The `days` UTC days ending with the one holding `now`, oldest first, days without calls as zeros.
    static func report(days: Int, endingOn now: Date, usage: SQLUsageRecorder) async throws -> CostReport {
        let window = (0..<days).reversed().map { ISO8601.day(of: now.addingTimeInterval(-Double($0) * 86_400)) }
        let recorded = try await usage.dailyCosts(app: ZiaApp.id.rawValue, days: days, from: window[0])
        let byDay = Dictionary(recorded.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        return CostReport(
            days: days,
            daily: window.map { day in
                byDay[day].map { DailyCost(day: day, costUSD: $0.costUSD, calls: $0.calls, inputTokens: $0.inputTokens, outputTokens: $0.outputTokens) }
                    ?? DailyCost(day: day)
            })
    }
}

extension ExperimentList: ResponseEncodable {}
extension CostReport: ResponseEncodable {}
