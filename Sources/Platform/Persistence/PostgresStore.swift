import Foundation
import Logging
import NIOCore
import NIOSSL
import PlatformCore
import PostgresKit
import PostgresNIO
import SQLKit
import ServiceLifecycle
import Synchronization

/// Production storage: PostgreSQL (with pgvector) over a ``PostgresConnectionPool``. The store is a
/// Service; the application runs it (its pool's housekeeping) for as long as the server runs.
///
/// Every operation is bounded by ``operationTimeout`` (waiting for a connection included): when the
/// server is gone, restarting, or a backend dies mid-query, the caller gets
/// ``PlatformCore/DatabaseUnavailable`` within that time instead of waiting on a dead socket. The
/// connection of an operation that outlives the bound is closed (PostgreSQL rolls back what it had
/// not committed) and its slot freed; new connections are opened as soon as the server is back, so
/// the same process serves again with no restart.
public final class PostgresStore: Database, Service {
    public let kind = DatabaseKind.postgres
    public let operationTimeout: Duration
    let pool: PostgresConnectionPool
    private let logger: Logger
    /// The listener for notifications between instances, on a connection of its own; a Service the
    /// application runs beside the store.
    public let listener: PostgresNotifications
    public var notifications: (any DatabaseNotifications)? { listener }

    /// `listenURL` is where the notifications listener connects when it must not share the pool's
    /// address: a `LISTEN` needs a session of its own, which PgBouncer's transaction mode does not keep.
    public init(url: String, listenURL: String? = nil, maxConnections: Int = 20, operationTimeout: Duration = .seconds(5), logger: Logger) throws {
        let listenHost = try listenURL.map { try PostgresConnection.Configuration(url: $0) }
        var configuration = try PostgresConnection.Configuration(url: url)
        configuration.options.connectTimeout = .nanoseconds(min(operationTimeout, .seconds(10)).nanoseconds)
        // A connection abandoned at its deadline is closed by us; this makes PostgreSQL notice within a
        // second even mid-query, cancel the query and release its locks, instead of running it to the end.
        configuration.options.additionalStartupParameters.append(("client_connection_check_interval", "1000"))
        // HNSW finds the nearest vectors of the whole index, then the search's filters (collection,
        // owner or corpus, model) drop the others: without iterative scans (pgvector 0.8) a small
        // collection among many vectors would get fewer than `limit` hits, or none.
        configuration.options.additionalStartupParameters.append(("hnsw.iterative_scan", "strict_order"))
        pool = PostgresConnectionPool(configuration: configuration, maxConnections: maxConnections, logger: logger)
        self.operationTimeout = operationTimeout
        self.logger = logger
        let pool = pool
        listener = PostgresNotifications(logger: logger) {
            try await pool.openDedicated(applicationName: PostgresNotifications.applicationName, host: listenHost)
        }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.pool.run() }
        pool.shutdown()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await bounded { connection, taint in
            try await body(PostgresPreparedDatabase(connection: connection, names: .shared, taint: taint))
        }
    }

    public func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let logger = logger
        do {
            return try await bounded { connection, taint in
                try await connection.withTransaction(logger: logger) { connection in
                    try await body(PostgresPreparedDatabase(connection: connection, names: .shared, taint: taint))
                }
            }
        } catch let error as PostgresTransactionError {
            // Surface the caller's own error (a domain error, a constraint violation) rather than the wrapper.
            if let closureError = error.closureError, error.rollbackError == nil { throw closureError }
            throw error
        }
    }

    public func close() async {
        pool.shutdown()
    }

    /// Leases a connection and runs `body` on it, answering within the operation timeout whatever
    /// the connection does. Faults that mean the database is unreachable become
    /// ``DatabaseUnavailable``; other errors pass through.
    ///
    /// The work runs in a task of its own so the caller can be answered at the deadline even if a
    /// query never completes (see ``PostgresConnectionPool`` for how that happens); its connection is
    /// then closed and given up, and the task ends whenever the driver lets it.
    ///
    /// A connection on which a prepared statement failed (``PreparedStatementTaint``) is closed
    /// rather than reused, even when the caller handled the error.
    private func bounded<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection, PreparedStatementTaint) async throws -> T) async throws -> T {
        let timeout = DatabaseDeadline.current(default: operationTimeout)
        let pool = pool
        let operation = BoundedOperation<T>()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                    guard operation.start(continuation) else { return }  // cancelled on arrival
                    let task = Task {
                        let result: Result<T, any Error>
                        do {
                            let connection = try await pool.lease()
                            guard operation.attach(connection) else {
                                pool.release(connection, reusable: true)  // the caller has been answered already
                                return
                            }
                            let taint = PreparedStatementTaint()
                            do {
                                let value = try await body(connection, taint)
                                if let connection = operation.detach() { pool.release(connection, reusable: !taint.isTainted) }
                                result = .success(value)
                            } catch {
                                if let connection = operation.detach() {
                                    pool.release(connection, reusable: !Self.leavesConnectionUnusable(error) && !taint.isTainted)
                                }
                                result = .failure(error)
                            }
                        } catch {
                            result = .failure(error)
                        }
                        operation.finish(result)
                    }
                    let timer = DeadlineSweeper.shared.schedule(in: .nanoseconds(timeout.nanoseconds)) {
                        let unavailable = DatabaseUnavailable(reason: "PostgreSQL did not answer within \(timeout)", retryAfterSeconds: timeout.retryAfterSeconds)
                        if let connection = operation.expire(with: unavailable) {
                            pool.release(connection, reusable: false)
                        }
                    }
                    operation.track(task: task, timer: timer)
                }
            } onCancel: {
                // The caller is gone (a shutdown, a client that hung up): answer at once, and give up
                // the connection, whose state mid-operation is unknown.
                if let connection = operation.expire(with: CancellationError()) {
                    pool.release(connection, reusable: false)
                }
            }
        } catch {
            throw DatabaseFault.translate(error)
        }
    }

    /// After these errors the connection's state is unknown (it died, or a failed transaction could
    /// not be rolled back): it is closed rather than reused.
    static func leavesConnectionUnusable(_ error: any Error) -> Bool {
        if DatabaseFault.unavailabilityReason(error) != nil { return true }
        if let error = error as? PostgresTransactionError, error.rollbackError != nil || error.commitError != nil { return true }
        return false
    }
}

/// One bounded operation's shared state: the caller's continuation (resumed exactly once: by the
/// result, the deadline or the caller's cancellation — or by ``start(_:)`` itself when the caller
/// was cancelled before it arrived), the connection in use (taken exactly once, to be released or
/// abandoned), the worker task and the deadline timer.
private final class BoundedOperation<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var connection: PostgresConnection?
        var isOver = false
        /// Why it ended before it started: a caller cancelled already on arrival has its
        /// cancellation handler run before the operation's body, so ``expire(with:)`` comes first.
        var endedEarly: (any Error)?
        var task: Task<Void, Never>?
        var timer: DeadlineSweeper.Token?
    }

    private let state = Mutex(State())

    /// Takes the caller's continuation; false (the continuation answered at once) when the operation
    /// ended before it started. Without this, the continuation of a caller cancelled on arrival was
    /// stored after its only resumer had run, and the request waited forever.
    func start(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let early = state.withLock { state -> (any Error)? in
            if state.isOver { return state.endedEarly ?? CancellationError() }
            state.continuation = continuation
            return nil
        }
        if let early {
            continuation.resume(throwing: early)
            return false
        }
        return true
    }

    func track(task: Task<Void, Never>, timer: DeadlineSweeper.Token) {
        let over = state.withLock { state -> Bool in
            if state.isOver { return true }
            state.task = task
            state.timer = timer
            return false
        }
        if over {  // answered (or cancelled) before the worker was even tracked
            timer.cancel()
            task.cancel()
        }
    }

    /// Records the leased connection; false when the deadline has passed already.
    func attach(_ connection: PostgresConnection) -> Bool {
        state.withLock { state in
            if state.isOver { return false }
            state.connection = connection
            return true
        }
    }

    /// Takes the connection back for release; nil when the deadline took it.
    func detach() -> PostgresConnection? {
        state.withLock { state in
            defer { state.connection = nil }
            return state.connection
        }
    }

    func finish(_ result: Result<T, any Error>) {
        let (continuation, timer) = state.withLock { state -> (CheckedContinuation<T, any Error>?, DeadlineSweeper.Token?) in
            if state.isOver { return (nil, nil) }
            state.isOver = true
            defer { state.continuation = nil; state.timer = nil; state.task = nil }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(with: result)
    }

    /// The deadline (or the caller's cancellation): answers the caller with `error`, cancels the
    /// worker (ending a wait for a connection) and returns the connection in use, to be abandoned.
    /// Before ``start(_:)`` (a caller cancelled on arrival) it records `error` for `start` to answer.
    func expire(with error: any Error) -> PostgresConnection? {
        let (continuation, task, timer, connection) = state.withLock {
            state -> (CheckedContinuation<T, any Error>?, Task<Void, Never>?, DeadlineSweeper.Token?, PostgresConnection?) in
            if state.isOver { return (nil, nil, nil, nil) }
            state.isOver = true
            if state.continuation == nil { state.endedEarly = error }
            defer { state.continuation = nil; state.task = nil; state.timer = nil; state.connection = nil }
            return (state.continuation, state.task, state.timer, state.connection)
        }
        timer?.cancel()
        task?.cancel()
        continuation?.resume(throwing: error)
        return connection
    }

}

extension PostgresConnection.Configuration {
    /// Parses `postgres://user:password@host:port/database?sslmode=disable` (or a unix socket via `?host=/path`).
    init(url: String) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme, scheme.hasPrefix("postgres") else {
            throw PostgresURLError(message: "DATABASE_URL must look like postgres://user:password@host:5432/database")
        }
        let user = components.user.map { $0.removingPercentEncoding ?? $0 } ?? "postgres"
        let password = components.password.map { $0.removingPercentEncoding ?? $0 }
        let database = components.path.isEmpty ? nil : String(components.path.dropFirst())
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let socket = query["host"], socket.hasPrefix("/") {
            self.init(unixSocketPath: socket + "/.s.PGSQL.\(components.port ?? 5432)", username: user, password: password, database: database)
            return
        }
        let tls: PostgresConnection.Configuration.TLS
        switch query["sslmode"] ?? "disable" {
        case "disable": tls = .disable
        case "require", "verify-full", "verify-ca": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        self.init(host: components.host ?? "127.0.0.1", port: components.port ?? 5432, username: user, password: password, database: database, tls: tls)
    }
}

struct PostgresURLError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
