import Foundation
import PlatformAPI

/// `GET /admin/healthz`'s answer: the database and the model targets (503 when the database is down).
public struct AdminHealth: Codable, Sendable, Equatable {
    public var status: DatabaseState
    public var database: DatabaseState
    public var providers: [ProviderHealth]
    public init(database: DatabaseState, providers: [ProviderHealth]) {
        self.status = database
        self.database = database
        self.providers = providers
    }
}
