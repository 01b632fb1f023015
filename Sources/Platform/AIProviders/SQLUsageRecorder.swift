import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit

/// Writes every model call to `run_metrics` and to the Prometheus registry, and answers what each
/// app spent per day.
public struct SQLUsageRecorder: UsageRecorder {
    let database: any Database
    let metrics: MetricsRegistry
    let logger: Logger

    public init(database: any Database, metrics: MetricsRegistry, logger: Logger) {
        self.database = database
        self.metrics = metrics
        self.logger = logger
    }

    public func record(_ record: ModelCallRecord) async {
        let labels = ["purpose": record.purpose, "provider": record.provider, "model": record.model, "outcome": record.outcome]
        metrics.increment("ai_calls_total", help: "Model calls by purpose, provider, model and outcome.", labels: labels)
        metrics.increment("ai_tokens_total", help: "Tokens by direction.", labels: ["direction": "input", "provider": record.provider], by: Double(record.inputTokens))
        metrics.increment("ai_tokens_total", help: "Tokens by direction.", labels: ["direction": "output", "provider": record.provider], by: Double(record.outputTokens))
        metrics.increment("ai_cost_usd_total", help: "Estimated model spend in USD by app.", labels: ["app": record.app ?? "none"], by: record.costUSD)
        if record.outcome == "ok" || record.outcome.hasPrefix("error") {
            metrics.observe("ai_call_duration_seconds", help: "Model call latency.", labels: ["provider": record.provider], value: Double(record.latencyMilliseconds) / 1000)
        }
        do {
            try await database.transaction { db in
                try await db.raw(
                    """
                    INSERT INTO run_metrics (id, app, purpose, provider, model, input_tokens, output_tokens, cost_usd, latency_ms, outcome, day, created_at)
                    VALUES (\(bind: UUID()), \(bind: record.app), \(bind: record.purpose), \(bind: record.provider), \(bind: record.model),
                        \(bind: record.inputTokens), \(bind: record.outputTokens), \(bind: record.costUSD), \(bind: record.latencyMilliseconds),
                        \(bind: record.outcome), \(bind: ISO8601.day(of: record.at)), \(bind: record.at))
                    """
                ).run()
            }
        } catch {
            logger.warning("could not record a model call", metadata: ["error": "\(error)"])
        }
    }

    /// Spend per UTC day for `app`, newest first.
    public struct DailyCost: Sendable, Equatable {
        public var day: String
        public var calls: Int
        public var inputTokens: Int
        public var outputTokens: Int
        public var costUSD: Double
    }

    /// At most `days` days, newest first; with `firstDay` (`YYYY-MM-DD`) only that day and later.
    public func dailyCosts(app: String, days: Int = 30, from firstDay: String? = nil) async throws -> [DailyCost] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT day, COUNT(*) AS calls, COALESCE(SUM(input_tokens), 0) AS input_tokens, COALESCE(SUM(output_tokens), 0) AS output_tokens,
                    COALESCE(SUM(cost_usd), 0) AS cost_usd
                FROM run_metrics WHERE app = \(bind: app) AND day >= \(bind: firstDay ?? "") GROUP BY day ORDER BY day DESC LIMIT \(bind: days)
                """
            ).all().map { row in
                DailyCost(
                    day: try row.decode(column: "day", as: String.self), calls: try row.decode(column: "calls", as: Int.self),
                    inputTokens: try row.decode(column: "input_tokens", as: Int.self), outputTokens: try row.decode(column: "output_tokens", as: Int.self),
                    costUSD: try row.decode(column: "cost_usd", as: Double.self)
                )
            }
        }
    }
}
