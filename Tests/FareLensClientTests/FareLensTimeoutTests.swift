import AsyncHTTPTransport
import FareLensClient
import Foundation
import TestSupport
import Testing

/// The FareLens SDK against a server that accepts and never answers: a call ends within the
/// policy's deadline, as a timeout, however many attempts and per-attempt timeouts remain.
@Suite("FareLens SDK timeouts on a silent socket", .timeLimit(.minutes(1)))
struct FareLensTimeoutTests {
    @Test("An app's per-attempt timeout and a deadline across attempts")
    func defaults() {
        #expect(URLSessionTransport.fareLensTimeout == 15)
        #expect(RetryPolicy.fareLens().deadline == 30 && RetryPolicy.fareLens().maxAttempts == 3)
    }

    @Test("A retried read the server never answers ends at the deadline as a timeout, not after 3 timeouts")
    func deadlineEndsAHang() async throws {
        try await withSilentServer { port in
            let clock = TestClock()
            let signedIn = StoredSession(userId: "u1", accessToken: "token", refreshToken: "refresh", accessTokenExpiresAt: clock.now + 86_400)
            let api = FareLensAPIClient(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, session: ClientSession(store: InMemoryTokenStore(signedIn), now: { clock.now }),
                transport: AsyncHTTPClientTransport(timeout: 20), retry: .fareLens(sleep: { _ in }, deadline: 1))
            let started = ContinuousClock.now
            let error = await #expect(throws: ClientError.self) { try await api.send(FareLensRoutes.deals, query: DealFeedQuery()) }
            #expect(error?.isTimeout == true, "\(String(describing: error))")
            #expect(error.map { NetworkError($0) } == .timeout)
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }
}
