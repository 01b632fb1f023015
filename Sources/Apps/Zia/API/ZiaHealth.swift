import Foundation
import PlatformAPI

/// `GET /health`'s answer (public): `ok`, or `unavailable` (503) when the database does not answer.
public struct ZiaHealth: Codable, Sendable, Equatable {
    public var status: DatabaseState
    public var database: DatabaseState
    public init(database: DatabaseState) {
        self.status = database
        self.database = database
    }
}
