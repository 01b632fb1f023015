import Dispatch
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the server until SIGTERM or SIGINT, then shuts it down gracefully within a bound and exits
/// even when something would not let go (a pool waiting on a database that has gone away, a handler
/// stuck on a peer). Requests and jobs in flight get `timeout`; after that the service group cancels
/// what is left, and a watchdog armed by the first signal ends the process two seconds later at the
/// latest, so an orchestrator's SIGTERM is never answered by minutes of silence and then SIGKILL.
public enum BoundedShutdown {
    /// Runs `application` until SIGTERM/SIGINT; in-flight work gets `timeout`, the process ends at
    /// most two seconds after that.
    public static func run(_ application: some ApplicationProtocol, timeout: Duration, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: application)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = timeout
        let watchdog = Watchdog(limit: timeout + .seconds(2), logger: logger)
        watchdog.arm(on: [SIGTERM, SIGINT])
        try await ServiceGroup(configuration: configuration).run()
    }

    /// Ends the process `limit` after the first of `signals`, unless it has exited by then.
    final class Watchdog: @unchecked Sendable {
        let limit: Duration
        let logger: Logger
        private var sources: [any DispatchSourceSignal] = []  // kept alive for the process's lifetime
        private let queue = DispatchQueue(label: "shutdown-watchdog")

        init(limit: Duration, logger: Logger) {
            self.limit = limit
            self.logger = logger
        }

        func arm(on signals: [Int32]) {
            for number in signals {
                signal(number, SIG_IGN)  // delivered to the dispatch sources (ours and the service group's) instead
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [limit, logger, queue] in
                    let (seconds, attoseconds) = limit.components
                    let delay = DispatchTimeInterval.milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
                    queue.asyncAfter(deadline: .now() + delay) {
                        logger.error("shutdown did not finish within \(limit); exiting")
                        _exit(1)
                    }
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
