import Foundation
import Logging
import NIOCore
import NIOPosix
import PlatformCore
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
/// Transactions that arrive while one runs are committed together (group commit, ``transaction(_:)``).
///
/// Every operation is bounded by ``operationTimeout`` (or its caller's `DatabaseDeadline`): waiting
/// for a connection, for the group ahead to commit, for its turn within its own group, and for a
/// lock another process holds on the file each end within it with
/// ``PlatformCore/DatabaseUnavailable``, as do I/O errors and a file that cannot be read. A body
/// that has started is not interrupted: a long one delays those after it in its group, each of which
/// then gets ``PlatformCore/DatabaseUnavailable`` at its turn if its bound has passed (answered then,
/// not when the group ends).
public final class SQLiteStore: Database {
    public let kind = DatabaseKind.sqlite
    public let path: String
    public let operationTimeout: Duration
    private let writer: AsyncPool<SQLiteDirectConnection>
    private let writerThread: DedicatedThreadExecutor
    /// Transactions waiting for the writer, committed together (``groupCommits(writer:thread:eventLoop:)``).
    private let commits: Coalescer<PendingTransaction, any Sendable>
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
        self.writerThread = DedicatedThreadExecutor(name: "sqlite-writer")
        self.commits = Self.groupCommits(writer: self.writer, thread: writerThread, eventLoop: eventLoop)
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

    /// Runs `body` in a transaction on the writer connection. Transactions that arrive while another
    /// runs are committed together (``groupCommits(writer:thread:eventLoop:)``): one SQLite
    /// transaction, each body in a savepoint of its own, so a body that fails is rolled back alone and
    /// the others still commit. Each keeps its own bound: one that is still waiting when it passes —
    /// for the writer, for its turn in a group, or for a lock another process holds — gets
    /// ``PlatformCore/DatabaseUnavailable`` and is not run.
    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let timeout = DatabaseDeadline.current(default: operationTimeout)
        let pending = PendingTransaction(
            body: { try await body($0) }, timeout: timeout, deadline: .now + timeout, deadlineOverride: DatabaseDeadline.override,
            requestID: RequestLogContext.requestID)
        do {
            // The value is the one `body` returned: `commit` hands each body's own result back.
            return try await commits.perform(pending, timeout: timeout) as! T
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    /// How many groups have been committed and how many transactions they held (for tests).
    var commitStatistics: Coalescer<PendingTransaction, any Sendable>.Statistics { commits.statistics }
    /// Transactions waiting for the group being committed to end (for tests).
    var transactionsWaiting: Int { commits.waiting }

    /// A transaction waiting to be committed, with what its caller's task held: its bound, the
    /// deadline override its own operations had, and the request it serves (for log lines).
    struct PendingTransaction: Sendable {
        let body: @Sendable (any SQLDatabase) async throws -> any Sendable
        let timeout: Duration
        let deadline: ContinuousClock.Instant
        let deadlineOverride: Duration?
        let requestID: String?

        var expired: DatabaseUnavailable { .busy(for: timeout) }

        /// Runs the body with the caller's task-local values.
        func run(on db: any SQLDatabase) async throws -> any Sendable {
            try await DatabaseDeadline.$override.withValue(deadlineOverride) {
                try await RequestLogContext.$requestID.withValue(requestID) { try await body(db) }
            }
        }
    }

    /// Transactions committed together (issue 13): one group at a time (there is one writer), up to
    /// 64 bodies in each, on the writer's thread from start to end (the next group is taken there as
    /// soon as one commits). Each SQLite transaction takes the write lock and appends every page it
    /// changed to the write-ahead log; writes to the same table change the same few pages, so twenty
    /// bodies in one transaction append those pages once instead of twenty times. Measured with the
    /// hint write in docs/performance.md (HTTP). A transaction whose caller is cancelled is still
    /// run, as before writes were grouped.
    private static func groupCommits(
        writer: AsyncPool<SQLiteDirectConnection>, thread: DedicatedThreadExecutor, eventLoop: any EventLoop
    ) -> Coalescer<PendingTransaction, any Sendable> {
        Coalescer(maxInFlight: 1, maxBatch: 64, executor: thread, cancelsWaiting: false) { group, answers in
            try await commit(group, answers: answers, writer: writer, eventLoop: eventLoop)
        }
    }

    /// Runs `group` in one transaction and commits it; one result per body. A body that throws is
    /// rolled back to its savepoint and answered with its error, the others go on; a body whose bound
    /// passed before its turn, or before another process let go of the write lock, is answered with
    /// ``PlatformCore/DatabaseUnavailable`` and not run. When the transaction itself fails (it cannot
    /// commit, or a body's failure ended it), this throws: ``Coalescer`` answers the whole group with
    /// a ``PlatformCore/DatabaseUnavailable`` (and the requests waiting with it), and runs each body
    /// again alone after any other error, so none is reported as committed unless it was.
    private static func commit(
        _ group: [PendingTransaction], answers: Coalescer<PendingTransaction, any Sendable>.Answers, writer: AsyncPool<SQLiteDirectConnection>,
        eventLoop: any EventLoop
    ) async throws -> [Result<any Sendable, any Error>] {
        guard let latest = group.map(\.deadline).max() else { return [] }
        do {
            return try await writer.with(timeout: max(latest - .now, .zero)) { connection, _ in
                var results = [Result<any Sendable, any Error>?](repeating: nil, count: group.count)
                // `BEGIN IMMEDIATE` takes the write lock up front: a lock held by another process is
                // waited for here, never halfway through a body, and each body only as long as its own
                // bound allows (the earliest first: those whose bound passes are answered and dropped).
                connection.endLeftoverTransaction()
                var remaining = Array(group.indices)
                while let earliest = remaining.map({ group[$0].deadline }).min() {
                    do {
                        try await withBusyRetry(until: earliest) { try connection.execute("BEGIN IMMEDIATE", []) { _ in } }
                        break
                    } catch let failure as SQLiteFailure where failure.isBusy {
                        // Answered now, not when the group ends.
                        let unavailable = DatabaseFault.translate(failure)
                        for index in remaining where group[index].deadline <= earliest {
                            results[index] = .failure(unavailable)
                            answers.answer(index, with: .failure(unavailable))
                        }
                        remaining.removeAll { group[$0].deadline <= earliest }
                    }
                }
                guard !remaining.isEmpty else { return results.map { $0! } }
                let db = SQLiteDirectDatabase(connection: connection, eventLoop: eventLoop)
                do {
                    // Alone, a body needs no savepoint: when it fails, the transaction is rolled back.
                    let savepoints = remaining.count > 1
                    for index in remaining {
                        let pending = group[index]
                        guard ContinuousClock.now < pending.deadline else {
                            results[index] = .failure(pending.expired)
                            answers.answer(index, with: .failure(pending.expired))
                            continue
                        }
                        if savepoints { try connection.execute("SAVEPOINT grouped", []) { _ in } }
                        do {
                            let value = try await pending.run(on: db)
                            if savepoints { try connection.execute("RELEASE grouped", []) { _ in } }
                            results[index] = .success(value)
                        } catch {
                            // A failure that ended the whole transaction (the file became unusable, the
                            // disk is full) is the group's, not this body's.
                            guard connection.inTransaction else { throw error }
                            results[index] = .failure(DatabaseFault.translate(error))
                            guard savepoints else {
                                try connection.execute("ROLLBACK", []) { _ in }
                                return results.map { $0! }
                            }
                            try connection.execute("ROLLBACK TO grouped", []) { _ in }
                            try connection.execute("RELEASE grouped", []) { _ in }
                        }
                    }
                    try connection.execute("COMMIT", []) { _ in }
                    return results.map { $0! }
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
