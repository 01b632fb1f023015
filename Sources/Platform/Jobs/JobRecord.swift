import Foundation
import Persistence
import PlatformCore
import SQLKit

/// A job as stored, for inspection (dead jobs keep their last error).
public struct JobRecord: Sendable, Equatable {
    public enum Status: String, Sendable, Codable { case pending, running, succeeded, dead, cancelled }
    public var id: JobID
    public var kind: String
    public var payload: String
    public var status: Status
    public var runAt: Date
    public var attempts: Int
    public var idempotencyKey: String?
    public var lastError: String?
}
