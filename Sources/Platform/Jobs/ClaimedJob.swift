import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A job leased to this scheduler; `attempts` already counts the current attempt.
public struct ClaimedJob: Sendable, Equatable {
    public var id: JobID
    public var kind: String
    public var payload: String
    public var priority: Int
    public var runAt: Date
    public var attempts: Int
    public var maxAttempts: Int
    public var idempotencyKey: String?

    /// The payload decoded from JSON.
    public func decode<Payload: Decodable>(_ type: Payload.Type) throws -> Payload {
        try JSONDecoder.api.decode(type, from: Data(payload.utf8))
    }
}
