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
/// Every operation is bounded by ``operationTimeout``: waiting for a connection, and waiting for a
/// lock another process holds on the file (SQLite's busy timeout), each end within it with
/// ``PlatformCore/DatabaseUnavailable``, as do I/O errors and a file that cannot be read.
public final class SQLiteStore: Database {
    public let kind = DatabaseKind.sqlite
    public let path: String
    public let operationTimeout: Duration
    private let writer: AsyncPool<SQLiteConnection>
    private let readers: AsyncPool<SQLiteConnection>
    private let threadPool: NIOThreadPool

    private init(path: String, operationTimeout: Duration, writer: SQLiteConnection, readers: [SQLiteConnection], threadPool: NIOThreadPool) {
        self.path = path
        self.operationTimeout = operationTimeout
        self.writer = AsyncPool([writer])
        self.readers = AsyncPool(readers)
        self.threadPool = threadPool
    }

    /// Opens (creating if needed) the database file at `path`, creating its folder too.
    public static func open(path: String, readers readerCount: Int = 4, operationTimeout: Duration = .seconds(5), logger: Logger) async throws -> SQLiteStore {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let threadPool = NIOThreadPool(numberOfThreads: max(4, readerCount + 1))
        threadPool.start()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        func connect() async throws -> SQLiteConnection {
            let connection = try await SQLiteConnection.open(storage: .file(path: path), threadPool: threadPool, logger: logger, on: eventLoop)
            let sql = connection.sql()
            try await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(operationTimeout.milliseconds))").run()
            try await sql.raw("PRAGMA foreign_keys = ON").run()
            try await sql.raw("PRAGMA synchronous = NORMAL").run()
            return connection
        }
        let writer = try await connect()
        try await writer.sql().raw("PRAGMA journal_mode = WAL").run()
        var readers: [SQLiteConnection] = []
        for _ in 0..<max(1, readerCount) {
            readers.append(try await connect())
        }
        return SQLiteStore(path: path, operationTimeout: operationTimeout, writer: writer, readers: readers, threadPool: threadPool)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            return try await readers.with(timeout: DatabaseDeadline.current(default: operationTimeout)) { connection, _ in
                try await body(connection.sql())
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            let timeout = DatabaseDeadline.current(default: operationTimeout)
            let fullBusyTimeout = operationTimeout.milliseconds
            return try await writer.with(timeout: timeout) { connection, remaining in
                let sql = connection.sql()
                // Time spent waiting for the writer comes off the wait for the file's lock, so the
                // whole operation keeps to one bound (rarely needed: only after a queue for the writer).
                let busy = max(remaining, .milliseconds(1)).milliseconds
                let shortened = busy < fullBusyTimeout - 20
                if shortened { try await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(busy))").run() }
                do {
                    let result = try await Self.immediateTransaction(sql, body)
                    if shortened { try? await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(fullBusyTimeout))").run() }
                    return result
                } catch {
                    if shortened { try? await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(fullBusyTimeout))").run() }
                    throw error
                }
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    /// `BEGIN IMMEDIATE` takes the write lock up front: a lock held by another process is waited
    /// for there (up to the busy timeout), never halfway through `body`.
    private static func immediateTransaction<T: Sendable>(_ sql: any SQLDatabase, _ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await sql.raw("BEGIN IMMEDIATE").run()
        do {
            let result = try await body(sql)
            try await sql.raw("COMMIT").run()
            return result
        } catch {
            try? await sql.raw("ROLLBACK").run()
            throw error
        }
    }

    public func close() async {
        for connection in writer.all + readers.all {
            try? await connection.close()
        }
        try? await threadPool.shutdownGracefully()
    }
}
