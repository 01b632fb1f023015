import Foundation
import NIOCore
import PlatformCore
import PostgresNIO
import SQLiteNIO

extension Duration {
    /// Whole seconds, rounded up, at least 1 (for `Retry-After`).
    var retryAfterSeconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension DatabaseUnavailable {
    /// An operation still waiting for the database (a batch to take it, its turn in a group) when its
    /// bound passed.
    static func busy(for timeout: Duration) -> DatabaseUnavailable {
        DatabaseUnavailable(reason: "the database was busy for longer than \(timeout)", retryAfterSeconds: timeout.retryAfterSeconds)
    }
}
