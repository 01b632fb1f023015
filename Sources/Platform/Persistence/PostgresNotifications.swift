import Foundation
import Logging
import PlatformCore
import PostgresNIO
import ServiceLifecycle

/// ``DatabaseNotifications`` on PostgreSQL (`LISTEN`), a Service the application runs. It holds one
/// connection of its own — not the pool's, whose connections change hands; and it must reach
/// PostgreSQL directly, since PgBouncer in transaction mode does not keep a `LISTEN` — listening on
/// every subscribed channel. A dead backend can leave a PostgresNIO connection waiting forever (see
/// ``PostgresConnectionPool``), so a query bounded in time runs every ``keepAlive``; when it fails, or
/// the connection is lost, a new one is opened after a back-off (0.1 s, doubling up to 5 s), and
/// every subscriber is told again that it is connected, so it flushes what it may have missed.
public final class PostgresNotifications: DatabaseNotifications, Service {
    /// How the listener's connection is named in `pg_stat_activity`.
    public static let applicationName = "notifications-listener"

    private struct Subscriber {
        let channel: String
        let connected: @Sendable () -> Void
        let received: @Sendable (String) -> Void
    }

    private let subscribers = LockedValue<[Subscriber]>([])
    private let connect: @Sendable () async throws -> PostgresConnection
    /// How often the connection is checked, and how long the check (or a connection attempt) may take.
    let keepAlive: Duration
    let answerWithin: Duration
    private let logger: Logger
    static let firstBackoff = Duration.milliseconds(100)
    static let longestBackoff = Duration.seconds(5)

    init(
        keepAlive: Duration = .seconds(5), answerWithin: Duration = .seconds(5), logger: Logger,
        connect: @escaping @Sendable () async throws -> PostgresConnection
    ) {
        self.keepAlive = keepAlive
        self.answerWithin = answerWithin
        self.logger = logger
        self.connect = connect
    }

    public func subscribe(channel: String, connected: @escaping @Sendable () -> Void, received: @escaping @Sendable (String) -> Void) {
        subscribers.withLock { $0.append(Subscriber(channel: channel, connected: connected, received: received)) }
    }

    private func subscribers(of channel: String) -> [Subscriber] {
        subscribers.value.filter { $0.channel == channel }
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await self.listenUntilCancelled() }
    }

    private func listenUntilCancelled() async {
        var backoff = Self.firstBackoff
        while !Task.isCancelled {
            let channels = Set(subscribers.value.map(\.channel))
            if channels.isEmpty {
                try? await Task.sleep(for: keepAlive)
                continue
            }
            do {
                let connection = try await TimeLimit.run(within: answerWithin, abandoned: { PostgresConnectionPool.close($0) }) { try await self.connect() }
                if await listen(on: connection, channels: channels) { backoff = Self.firstBackoff }
            } catch {
                if !Task.isCancelled { logger.warning("notifications listener could not connect: \(String(reflecting: error))") }
            }
            do { try await Task.sleep(for: backoff) } catch { return }
            backoff = min(backoff * 2, Self.longestBackoff)
        }
    }

    /// Listens on `connection` until it fails (or the task is cancelled), then closes it. The work
    /// runs in tasks the session does not wait for, so a connection stuck for good cannot hold the
    /// listener. True when at least one channel was listened on.
    private func listen(on connection: PostgresConnection, channels: Set<String>) async -> Bool {
        let listening = LockedValue(false)
        let (ended, end) = AsyncStream<String>.makeStream()
        var tasks: [Task<Void, Never>] = []
        for channel in channels {
            tasks.append(
                Task {
                    do {
                        try await connection.listen(on: channel) { notifications in
                            listening.value = true
                            for subscriber in self.subscribers(of: channel) { subscriber.connected() }
                            for try await notification in notifications {
                                for subscriber in self.subscribers(of: channel) { subscriber.received(notification.payload) }
                            }
                        }
                        end.yield("the notifications of \(channel) ended")
                    } catch {
                        end.yield(String(reflecting: error))
                    }
                })
        }
        tasks.append(
            Task {
                do {
                    while true {
                        try await Task.sleep(for: self.keepAlive)
                        try await TimeLimit.run(within: self.answerWithin) {
                            for try await _ in try await connection.query("SELECT 1", logger: self.logger) {}
                        }
                    }
                } catch {
                    end.yield(String(reflecting: error))
                }
            })
        var reasons = ended.makeAsyncIterator()
        let reason = await reasons.next()
        for task in tasks { task.cancel() }
        PostgresConnectionPool.close(connection)
        if let reason, !Task.isCancelled { logger.warning("notifications listener lost its connection: \(reason)") }
        return listening.value
    }
}
