import Foundation
import Logging
import NIOCore
import NIOPosix
import PlatformCore
import PostgresNIO
import Synchronization

/// The PostgreSQL connections of one ``PostgresStore``: at most `maxConnections` open, idle ones
/// reused (and closed after `idleTimeout`), callers queued when all are busy.
///
/// Why not PostgresNIO's own `PostgresClient` pool: when a backend dies between two queries (killed,
/// crashed, the server restarting), PostgresNIO can hand out a connection whose channel has just
/// closed, and a query written to it is dropped without its promise ever completing. The caller then
/// waits forever *while holding the lease*, so each such crash costs the pool a connection for good
/// and parks a request. This pool lets ``PostgresStore`` give up on an operation at its deadline and
/// *abandon* its connection: the connection is closed, its slot is freed at once for a new one, and
/// the stuck task (if any) is left to its fate without holding anything the server needs. It also
/// reconnects as soon as the server is back, instead of after an exponential back-off of up to a
/// minute.
final class PostgresConnectionPool: Sendable {
    private struct Idle {
        let connection: PostgresConnection
        let since: ContinuousClock.Instant
    }

    /// A waiter is handed a connection, or `nil`, meaning "a slot is free: open one yourself".
    private typealias Waiter = CheckedContinuation<PostgresConnection?, any Error>

    private struct State {
        var idle: [Idle] = []
        /// Idle + leased + being opened.
        var open = 0
        var waiters: [(id: UInt64, continuation: Waiter)] = []
        var nextID: UInt64 = 0
        var isShutDown = false
    }

    private let state = Mutex(State())
    private let configuration: PostgresConnection.Configuration
    private let maxConnections: Int
    private let idleTimeout: Duration
    private let logger: Logger
    private let connectionIDs = Atomic<Int>(0)
    let eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton

    init(configuration: PostgresConnection.Configuration, maxConnections: Int, idleTimeout: Duration = .seconds(60), logger: Logger) {
        self.configuration = configuration
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = idleTimeout
        self.logger = logger
    }

    private enum Next {
        case use(PostgresConnection)
        case connect
        case wait(UInt64)
    }

    /// A connection for the caller's exclusive use; give it back with ``release(_:reusable:)``.
    /// Waits while all are busy; cancelling the calling task ends the wait.
    func lease() async throws -> PostgresConnection {
        while true {
            var closed: [PostgresConnection] = []
            let next = try state.withLock { state -> Next in
                if state.isShutDown { throw DatabaseUnavailable(reason: "the PostgreSQL pool is shut down") }
                while let candidate = state.idle.popLast() {
                    if candidate.connection.isClosed {
                        state.open -= 1
                        closed.append(candidate.connection)
                    } else {
                        return .use(candidate.connection)
                    }
                }
                if state.open < maxConnections {
                    state.open += 1
                    return .connect
                }
                state.nextID += 1
                return .wait(state.nextID)
            }
            for connection in closed { Self.close(connection) }
            switch next {
            case .use(let connection):
                return connection
            case .connect:
                do {
                    return try await connect()
                } catch {
                    slotFreed()
                    throw error
                }
            case .wait(let id):
                if let connection = try await wait(id) { return connection }
            // A slot was freed: go round and open a connection in it.
            }
        }
    }

    private func connect() async throws -> PostgresConnection {
        let id = connectionIDs.wrappingAdd(1, ordering: .relaxed).newValue
        return try await PostgresConnection.connect(on: eventLoopGroup.any(), configuration: configuration, id: id, logger: logger)
    }

    /// A connection outside the pool (it takes no slot and is never leased), opened with the pool's
    /// configuration and named `applicationName` in `pg_stat_activity`: for work that keeps one
    /// session to itself, like `LISTEN`. The caller closes it (``close(_:)``).
    func openDedicated(applicationName: String, host: PostgresConnection.Configuration? = nil) async throws -> PostgresConnection {
        var configuration = configuration
        // Another address for the same database (a direct one past a transaction-mode PgBouncer):
        // its host, credentials and TLS, with the pool's options.
        if let host {
            let options = configuration.options
            configuration = host
            configuration.options = options
        }
        configuration.options.additionalStartupParameters.append(("application_name", applicationName))
        let id = connectionIDs.wrappingAdd(1, ordering: .relaxed).newValue
        return try await PostgresConnection.connect(on: eventLoopGroup.any(), configuration: configuration, id: id, logger: logger)
    }

    private func wait(_ id: UInt64) async throws -> PostgresConnection? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                enum Decision { case cancelled, retry, parked }
                let decision = state.withLock { state -> Decision in
                    if Task.isCancelled { return .cancelled }
                    // Between deciding to wait and getting here, a connection may have come back or a
                    // slot been freed: then go round again instead of parking until the deadline.
                    if !state.idle.isEmpty || state.open < maxConnections || state.isShutDown { return .retry }
                    state.waiters.append((id, continuation))
                    return .parked
                }
                switch decision {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .retry: continuation.resume(returning: nil)
                case .parked: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a leased connection back. A connection that is closed, or not `reusable` (its state is
    /// unknown after a fault, or its operation was abandoned at the deadline), is closed and its
    /// slot freed.
    func release(_ connection: PostgresConnection, reusable: Bool) {
        enum Outcome { case handedOver(Waiter), kept, discard(Waiter?) }
        let outcome = state.withLock { state -> Outcome in
            if !reusable || connection.isClosed || state.isShutDown {
                state.open -= 1
                return .discard(state.waiters.isEmpty ? nil : state.waiters.removeFirst().continuation)
            }
            if !state.waiters.isEmpty { return .handedOver(state.waiters.removeFirst().continuation) }
            state.idle.append(Idle(connection: connection, since: .now))
            return .kept
        }
        switch outcome {
        case .handedOver(let waiter):
            waiter.resume(returning: connection)
        case .kept:
            break
        case .discard(let waiter):
            Self.close(connection)
            waiter?.resume(returning: nil)
        }
    }

    /// A connection attempt failed: its slot goes to the next waiter, who tries again.
    private func slotFreed() {
        let waiter = state.withLock { state -> Waiter? in
            state.open -= 1
            return state.waiters.isEmpty ? nil : state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: nil)
    }

    /// Closes connections idle for longer than the idle timeout; runs until cancelled, then closes
    /// everything and fails the waiters.
    func run() async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: .seconds(5))
            } catch {
                break
            }
            let stale = state.withLock { state -> [PostgresConnection] in
                let cutoff = ContinuousClock.now - idleTimeout
                let (old, fresh) = (state.idle.filter { $0.since < cutoff }, state.idle.filter { $0.since >= cutoff })
                state.idle = fresh
                state.open -= old.count
                return old.map(\.connection)
            }
            for connection in stale { Self.close(connection) }
        }
        shutdown()
    }

    /// Closes `connection`, keeping it alive until its channel has closed (PostgresNIO asserts that
    /// a connection is closed before it is deinitialised).
    static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    func shutdown() {
        let (idle, waiters) = state.withLock { state -> ([PostgresConnection], [Waiter]) in
            state.isShutDown = true
            defer {
                state.open -= state.idle.count
                state.idle.removeAll()
                state.waiters.removeAll()
            }
            return (state.idle.map(\.connection), state.waiters.map(\.continuation))
        }
        for connection in idle { Self.close(connection) }
        for waiter in waiters { waiter.resume(throwing: DatabaseUnavailable(reason: "the PostgreSQL pool is shut down")) }
    }
}
