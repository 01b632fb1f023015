import FareLensAPI
import Foundation
import Logging
import Observability
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// The live providers' persistent monthly counters (`farelens_quota_usage`, one row per provider
/// and UTC month, one per provider and UTC day for the pace), shared by every server instance on
/// PostgreSQL. A spend is one conditional `UPDATE … WHERE used < ceiling RETURNING` in a
/// transaction, so concurrent searches at the limit never over-spend; the 80 % warning (a log line
/// and `farelens_quota_warnings_total`) is claimed by one `UPDATE … WHERE warned = 0`, so it is
/// given once a month whatever the number of instances.
public struct QuotaLedger: Sendable {
    /// Why a spend was refused: the month's ceiling for the purpose, or the day's pace.
    public enum Refusal: Error, Sendable, Equatable {
        case ceiling(resetsAt: Date)
        case paced(resetsAt: Date)

        public var resetsAt: Date {
            switch self {
            case .ceiling(let date), .paced(let date): date
            }
        }
    }

    /// A spent call: the month's count after it, and the limit.
    public struct Spent: Sendable, Equatable {
        public let used: Int
        public let limit: Int
    }

    let database: any Database
    let clock: any TimeSource
    let policies: [FlightOfferSource: QuotaPolicy]
    let metrics: MetricsRegistry
    let logger: Logger

    public init(
        database: any Database, clock: any TimeSource, policies: [QuotaPolicy], metrics: MetricsRegistry = MetricsRegistry(), logger: Logger = Logger(label: "farelens.quota")
    ) {
        self.database = database
        self.clock = clock
        self.policies = Dictionary(policies.map { ($0.provider, $0) }, uniquingKeysWith: { _, last in last })
        self.metrics = metrics
        self.logger = logger
    }

    /// Spends one call of `provider` for `purpose`, or says why not. A provider without a policy
    /// (the offline model) is free.
    public func spend(_ provider: FlightOfferSource, for purpose: FlightSearchPurpose) async throws -> Result<Spent?, Refusal> {
        guard let policy = policies[provider] else { return .success(nil) }
        let now = clock.now()
        let month = QuotaPolicy.monthKey(now)
        let day = QuotaPolicy.dayKey(now)
        let name = provider.rawValue
        let ceiling = policy.ceiling(for: purpose)
        let dayCeiling = policy.dayCeiling(for: purpose, on: LocalDate(now, in: .utc))
        let outcome: Result<(Spent, warn: Bool), Refusal> = try await database.transaction { db in
            for period in [month, day] {
                try await db.raw(
                    "INSERT INTO farelens_quota_usage (provider, period, used, warned) VALUES (\(bind: name), \(bind: period), 0, 0) ON CONFLICT (provider, period) DO NOTHING"
                ).run()
            }
            // The day first: a conditional update, so instances racing for the day's last call cannot both take it.
            let dayBound: SQLQueryString = dayCeiling.map { " AND used < \(bind: $0)" } ?? ""
            guard
                try await db.raw(
                    "UPDATE farelens_quota_usage SET used = used + 1 WHERE provider = \(bind: name) AND period = \(bind: day)\(dayBound) RETURNING used"
                ).first() != nil
            else { return .failure(.paced(resetsAt: QuotaPolicy.dayReset(after: now))) }
            guard
                let row = try await db.raw(
                    """
                    UPDATE farelens_quota_usage SET used = used + 1
                    WHERE provider = \(bind: name) AND period = \(bind: month) AND used < \(bind: ceiling) RETURNING used
                    """
                ).first()
            else {
                // Not spent after all: the day's count goes back.
                try await db.raw("UPDATE farelens_quota_usage SET used = used - 1 WHERE provider = \(bind: name) AND period = \(bind: day)").run()
                return .failure(.ceiling(resetsAt: QuotaPolicy.monthReset(after: now)))
            }
            let used = try row.decode(column: "used", as: Int.self)
            var warn = false
            if used >= policy.warningThreshold {
                warn =
                    try await db.raw(
                        "UPDATE farelens_quota_usage SET warned = 1 WHERE provider = \(bind: name) AND period = \(bind: month) AND warned = 0 RETURNING used"
                    ).first() != nil
            }
            return .success((Spent(used: used, limit: policy.limit), warn))
        }
        switch outcome {
        case .failure(let refusal): return .failure(refusal)
        case .success(let (spent, warn)):
            if warn {
                logger.warning("FareLens \(name) quota at \(spent.used) of \(spent.limit) calls this month (80 % reached)")
                metrics.increment(
                    "farelens_quota_warnings_total", help: "Months in which a FareLens flight provider's quota passed 80 %.", labels: ["provider": name])
            }
            return .success(spent)
        }
    }

    /// The quota of every live provider with a policy, in `order`.
    public func report(_ order: [FlightOfferSource]) async throws -> [FlightProviderQuota] {
        let now = clock.now()
        let month = QuotaPolicy.monthKey(now)
        let day = QuotaPolicy.dayKey(now)
        let policies = order.compactMap { self.policies[$0] }
        return try await database.read { db in
            var report: [FlightProviderQuota] = []
            for policy in policies {
                let used = try await Self.used(policy.provider.rawValue, month, in: db)
                report.append(
                    FlightProviderQuota(
                        provider: policy.provider.rawValue, used: used, limit: policy.limit, dayUsed: try await Self.used(policy.provider.rawValue, day, in: db),
                        dayPace: policy.dayPace(on: LocalDate(now, in: .utc)), resetsAt: QuotaPolicy.monthReset(after: now), state: policy.state(used: used)))
            }
            return report
        }
    }

    static func used(_ provider: String, _ period: String, in db: any SQLDatabase) async throws -> Int {
        try await db.raw("SELECT used FROM farelens_quota_usage WHERE provider = \(bind: provider) AND period = \(bind: period)").first()?
            .decode(column: "used", as: Int.self) ?? 0
    }
}
