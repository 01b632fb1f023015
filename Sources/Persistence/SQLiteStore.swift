import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// The embedded default: one SQLite file in WAL mode. Writes go through a single writer connection
/// (SQLite allows one writer at a time; queueing them here avoids lock contention and `SQLITE_BUSY`),
/// reads through a small pool of reader connections that WAL lets run alongside the writer.
///
/// Statements run through ``SQLiteDirectConnection`` (prepared once per connection). Transactions run
/// on the writer's own thread and reads on one reader thread (``DedicatedThreadExecutor``), never on
/// Swift's few cooperative threads: commits and checkpoints wait for the disk, and a long read (an
/// exact vector scan) must not stall the server. One reader thread, not one per connection: measured
/// on 2 cores (scripts/bench, GET /hints) one thread served about 16,000 requests/s and one per
/// connection about 9,500 — a busy thread takes job after job without being woken. The cost: a long
/// read delays the reads queued behind it, and a caller waiting for a free reader connection learns
/// of its deadline only when the thread is free again. A lock held by another process is waited for by retrying
/// `BEGIN IMMEDIATE` with a sleep between tries; other statements wait at most
/// ``statementBusyMilliseconds`` inside SQLite and then answer 503.
///
/// Every operation is bounded by ``operationTimeout``: waiting for a connection, and waiting for a
/// lock another process holds on the file, each end within it with
/// ``PlatformCore/DatabaseUnavailable``, as do I/O errors and a file that cannot be read.
public final class SQLiteStore: Database {
    public let kind = DatabaseKind.sqlite
    public let path: String
    public let operationTimeout: Duration
    private let writer: AsyncPool<SQLiteDirectConnection>
    private let writerThread = DedicatedThreadExecutor(name: "sqlite-writer")
    private let readers: AsyncPool<SQLiteDirectConnection>
    private let readerThread = DedicatedThreadExecutor(name: "sqlite-reader")
    /// SQLKit's legacy future-returning API needs an event loop; nothing runs on it.
    private let eventLoop: any EventLoop
    /// How long one statement may wait inside SQLite for a lock (the WAL index, a checkpoint):
    /// short, because it blocks the thread; longer waits happen between tries of `BEGIN IMMEDIATE`.
    static let statementBusyMilliseconds = 50

    private init(path: String, operationTimeout: Duration, writer: SQLiteDirectConnection, readers: [SQLiteDirectConnection]) {
        self.path = path
        self.operationTimeout = operationTimeout
        self.writer = AsyncPool([writer])
        self.readers = AsyncPool(readers)
        self.eventLoop = MultiThreadedEventLoopGroup.singleton.any()
    }

    /// Opens (creating if needed) the database file at `path`, creating its folder too.
    public static func open(path: String, readers readerCount: Int = 4, operationTimeout: Duration = .seconds(5), logger: Logger) async throws -> SQLiteStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func connect() throws -> SQLiteDirectConnection {
            let connection = try SQLiteDirectConnection.open(path: path, logger: logger)
            for pragma in ["PRAGMA busy_timeout = \(statementBusyMilliseconds)", "PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL"] {
                try connection.execute(pragma, []) { _ in }
            }
            return connection
        }
        do {
            let writer = try connect()
            try await withBusyRetry(until: .now + operationTimeout) {
                try writer.execute("PRAGMA journal_mode = WAL", []) { _ in }
            }
            var readers: [SQLiteDirectConnection] = []
            for _ in 0..<max(1, readerCount) {
                readers.append(try connect())
            }
            return SQLiteStore(path: path, operationTimeout: operationTimeout, writer: writer, readers: readers)
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let timeout = DatabaseDeadline.current(default: operationTimeout)
            return try await withTaskExecutorPreference(readerThread) {
                try await readers.with(timeout: timeout) { connection, _ in
                    try await body(SQLiteDirectDatabase(connection: connection, eventLoop: eventLoop))
                }
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let timeout = DatabaseDeadline.current(default: operationTimeout)
            let start = ContinuousClock.now
            return try await withTaskExecutorPreference(writerThread) {
                try await runTransaction(timeout: timeout, start: start, body)
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    private func runTransaction<T: Sendable>(
        timeout: Duration, start: ContinuousClock.Instant, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        do {
            return try await writer.with(timeout: timeout) { connection, _ in
                // `BEGIN IMMEDIATE` takes the write lock up front: a lock held by another process is
                // waited for here, never halfway through `body`; time spent waiting for the writer
                // comes off this wait, so the whole operation keeps to one bound.
                connection.endLeftoverTransaction()
                try await Self.withBusyRetry(until: start + timeout) {
                    try connection.execute("BEGIN IMMEDIATE", []) { _ in }
                }
                do {
                    let result = try await body(SQLiteDirectDatabase(connection: connection, eventLoop: eventLoop))
                    try connection.execute("COMMIT", []) { _ in }
                    return result
                } catch {
                    try? connection.execute("ROLLBACK", []) { _ in }
                    throw error
                }
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    /// Runs `attempt` until it does not fail with a busy lock, sleeping a little longer between
    /// tries (1 ms up to 20 ms), and gives up with the last error at `deadline`.
    static func withBusyRetry(until deadline: ContinuousClock.Instant, _ attempt: () throws -> Void) async throws {
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try attempt()
            } catch let failure as SQLiteFailure where failure.isBusy {
                guard ContinuousClock.now + pause < deadline else { throw failure }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(20))
            }
        }
    }

    deinit {
        writerThread.stop()
        readerThread.stop()
    }

    /// Closes the connections once the operations using them have finished (at most
    /// ``operationTimeout`` later); operations arriving meanwhile or after get
    /// ``PlatformCore/DatabaseUnavailable``. Closing a connection in the middle of another
    /// thread's statement crashed the process (a server that failed to start while a background
    /// read was running).
    public func close() async {
        async let closedWriters = writer.close(timeout: operationTimeout)
        async let closedReaders = readers.close(timeout: operationTimeout)
        for connection in await closedWriters + closedReaders {
            connection.close()
        }
        writerThread.stop()
        readerThread.stop()
    }
}
