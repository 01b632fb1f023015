import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// Runs `router` on 127.0.0.1 at a free port for the duration of `body`, which gets the port.
/// The fakes of external systems (identity providers' JWKS, AI providers) are served this way;
/// `server` picks the HTTP channel (the platform's `.hardenedHTTP1(…)` for its connection rules).
public func withLocalHTTPServer<T: Sendable>(
    _ router: Router<BasicRequestContext>, label: String, server: HTTPServerBuilder = .http1(), _ body: @Sendable (Int) async throws -> T
) async throws -> T {
    let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
    var logger = Logger(label: label)
    logger.logLevel = .warning
    let app = Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
        logger: logger
    )
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask {
            // A server that stops (or never binds) ends the wait for its port.
            defer { portContinuation.finish() }
            try await group.run()
        }
        var port = 0
        for await value in portStream {
            port = value
            break
        }
        do {
            guard port != 0 else { throw TestFailure("the local server \(label) did not start") }
            let result = try await body(port)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return result
        } catch {
            await group.triggerGracefulShutdown()
            try? await tasks.waitForAll()
            throw error
        }
    }
}
