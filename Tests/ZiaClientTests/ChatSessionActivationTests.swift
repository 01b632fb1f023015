import ClientTestSupport
import Foundation
import Synchronization
import TestSupport
import Testing
import ZiaClient

/// `APIClient.activate()` — what an app calls on becoming active: refresh before expiry, signed
/// out when the refresh is refused — against the in-process server with a clock the test moves.
@Suite(.timeLimit(.minutes(1)))
struct ChatSessionActivationTests {
    final class Clock: Sendable {
        let offset = Mutex<TimeInterval>(0)
        var now: Date { Date().addingTimeInterval(offset.withLock { $0 }) }
        func advance(_ seconds: TimeInterval) { offset.withLock { $0 += seconds } }
    }

    static func stack(_ server: TestClient, clock: Clock, tokens: InMemoryTokenStore = InMemoryTokenStore()) -> (ZiaAPIClient, ChaosTransport) {
        let chaos = ChaosTransport(InProcessTransport(server: server))
        let api = ZiaAPIClient(
            baseURL: URL(string: "http://zia.test")!, session: ClientSession(store: tokens, now: { clock.now }), transport: chaos,
            retry: RetryPolicy(maxAttempts: 1, baseDelay: 0, sleep: { _ in }))
        return (api, chaos)
    }

    @Test("activation refreshes only when the access token expires within the margin; a refused refresh signs out; offline keeps the session")
    func activate() async throws {
        try await withServer(.sqlite) { server, _ in
            let clock = Clock()
            let (api, chaos) = Self.stack(server, clock: clock)
            #expect(try await api.client.activate() == false, "signed out: nothing to do")
            let session = try await api.client.signInForDevelopment(email: "activate@example.com")
            let lifetime = session.accessTokenExpiresAt.timeIntervalSince(clock.now)

            #expect(try await api.client.activate())
            #expect(chaos.delivered("POST", "/auth/refresh").isEmpty, "a token far from expiry is not refreshed")

            clock.advance(lifetime - 10)
            chaos.isOffline = true
            await #expect(throws: ClientError.self) { try await api.client.activate() }
            #expect(await api.client.session.isSignedIn, "a refresh that cannot reach the server keeps the session")
            chaos.isOffline = false

            #expect(try await api.client.activate())
            #expect(chaos.delivered("POST", "/auth/refresh").count == 1)
            let refreshed = try #require(await api.client.session.stored)
            #expect(refreshed.accessToken != session.accessToken && refreshed.accessTokenExpiresAt > clock.now.addingTimeInterval(60))
            _ = try await api.send(ZiaRoutes.conversations, query: PageQuery())

            // A refresh token the server no longer accepts: activation signs out.
            let tokens = InMemoryTokenStore()
            var revoked = refreshed
            revoked.refreshToken = "not-a-refresh-token"
            revoked.accessTokenExpiresAt = clock.now.addingTimeInterval(5)
            try tokens.save(revoked)
            let (stale, _) = Self.stack(server, clock: clock, tokens: tokens)
            #expect(try await stale.client.activate() == false)
            #expect(await stale.client.session.isSignedIn == false)
        }
    }
}
