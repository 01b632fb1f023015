import ClientCore
import Foundation
import PlatformAPI
import TestSupport
import Testing

/// ClientCore's real transports (URLSession, and AsyncHTTPClient as the CLIs use it) against a
/// server that accepts and never answers: the request's timeout ends it as ``ClientError/isTimeout``,
/// and a policy's deadline bounds a retried call.
@Suite("ClientCore timeouts on a silent socket", .timeLimit(.minutes(1)))
struct URLSessionTimeoutTests {
    static func get(port: Int) -> HTTPRequestData {
        HTTPRequestData(method: "GET", url: URL(string: "http://127.0.0.1:\(port)/hang")!)
    }

    /// One second, not less: FoundationNetworking on Linux ends a request with a sub-second timeout
    /// at once, before the server could have answered (its timer works in whole seconds).
    @Test("a request the server never answers fails after its timeout, as a timeout", arguments: LiveTransport.allCases)
    func timeoutIsTyped(_ transport: LiveTransport) async throws {
        try await withSilentServer { port in
            let started = ContinuousClock.now
            do {
                _ = try await transport.make(timeout: 1).send(Self.get(port: port))
                Issue.record("the silent server answered")
            } catch let error as ClientError {
                #expect(error.isTimeout, "\(error)")
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "\(elapsed)")
        }
    }

    @Test("a policy's deadline ends a retried call long before the attempts' timeouts add up", arguments: LiveTransport.allCases)
    func deadlineBoundsRetries(_ transport: LiveTransport) async throws {
        try await withSilentServer { port in
            let stored = StoredSession(userId: "u1", accessToken: "good", refreshToken: "r1", accessTokenExpiresAt: Date().addingTimeInterval(3600))
            let client = APIClient(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, routes: PlatformRoutes(app: StreamingClientTests.app),
                session: ClientSession(store: InMemoryTokenStore(stored)), transport: transport.make(timeout: 20),
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, sleep: { _ in }, deadline: 1))
            let started = ContinuousClock.now
            do {
                _ = try await client.send(APICall(method: "GET", path: "/hang", authenticated: false))
                Issue.record("the silent server answered")
            } catch let error as ClientError {
                #expect(error.isTimeout, "\(error)")
            }
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }
}
