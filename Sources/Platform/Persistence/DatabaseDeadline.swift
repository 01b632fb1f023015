import Foundation
import NIOCore
import PlatformCore
import PostgresNIO
import SQLiteNIO

/// How long one database operation (a `read` or a `transaction`, waiting for a connection included)
/// may take before it fails with ``PlatformCore/DatabaseUnavailable``. Requests get the store's
/// configured bound (`DATABASE_TIMEOUT_SECONDS`); work that is known to be long, such as migrations,
/// raises it for its own task with ``withOperationTimeout(_:_:)``.
public enum DatabaseDeadline {
    @TaskLocal static var override: Duration?

    /// Runs `body` with every database operation it starts bounded by `timeout` instead of the
    /// store's default.
    public static func withOperationTimeout<T>(_ timeout: Duration, _ body: () async throws -> T) async rethrows -> T {
        try await $override.withValue(timeout) { try await body() }
    }

    /// The bound for an operation starting now on a store whose default is `defaultTimeout`.
    static func current(default defaultTimeout: Duration) -> Duration { override ?? defaultTimeout }
}
