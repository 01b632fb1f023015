import AIProviders
import Foundation
import HTTPTypes
import Hummingbird
import Persistence
import PlatformCore
import ZiaAPI

/// Whether Zia can serve: a one-statement database probe (any failure or lateness is
/// `unavailable`) and the model router's view of every target. Both health routes answer through
/// it: 200 when the database answers, else 503 with `Retry-After` and the same body.
public struct ZiaHealthCheck: Sendable {
    let database: any Database
    let models: ModelRouter?

    public init(database: any Database, models: ModelRouter?) {
        self.database = database
        self.models = models
    }

    /// Seconds a client is told to wait when the database is down.
    static let retryAfterSeconds = 5

    public func databaseState() async -> DatabaseState {
        do {
            try await database.read { db in _ = try await db.raw("SELECT 1 AS ok").first() }
            return .ok
        } catch {
            return .unavailable
        }
    }

    public func providers() -> [ProviderHealth] {
        (models?.health() ?? []).map { target in
            ProviderHealth(
                target: target.target, provider: target.provider, circuit: target.circuit.rawValue, successRate: target.successRate, successes: target.successes,
                failures: target.failures, averageLatencyMs: target.averageLatencyMilliseconds, lastError: target.lastError)
        }
    }

    /// `body` with 200, or 503 and `Retry-After` when the database is `unavailable`.
    static func respond<Body>(_ body: Body, database: DatabaseState) -> EditedResponse<Body> {
        guard database == .unavailable else { return EditedResponse(status: .ok, response: body) }
        return EditedResponse(status: .serviceUnavailable, headers: [.retryAfter: String(retryAfterSeconds)], response: body)
    }

    public func publicHealth() async -> EditedResponse<ZiaHealth> {
        let database = await databaseState()
        return Self.respond(ZiaHealth(database: database), database: database)
    }

    public func adminHealth() async -> EditedResponse<AdminHealth> {
        let database = await databaseState()
        return Self.respond(AdminHealth(database: database, providers: providers()), database: database)
    }
}

extension ZiaHealth: ResponseEncodable {}
extension AdminHealth: ResponseEncodable {}
