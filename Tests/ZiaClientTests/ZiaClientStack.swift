import ClientTestSupport
import Foundation
import TestSupport
import ZiaClient

/// A signed-in Zia SDK on the in-process server, with the chaos transport in between.
struct ZiaClientStack {
    let api: ZiaAPIClient
    let chaos: ChaosTransport
    let tokens: InMemoryTokenStore

    /// A new account signed in through the SDK's development sign-in; retries without waiting.
    static func signedIn(_ server: TestClient, email: String = "zia-\(UUID().uuidString.prefix(8))@example.com") async throws -> ZiaClientStack {
        let stack = make(server)
        try await stack.api.client.signInForDevelopment(email: email)
        return stack
    }

    static func make(_ server: TestClient, tokens: InMemoryTokenStore = InMemoryTokenStore()) -> ZiaClientStack {
        let chaos = ChaosTransport(InProcessTransport(server: server))
        let api = ZiaAPIClient(
            baseURL: URL(string: "http://zia.test")!, session: ClientSession(store: tokens), transport: chaos,
            retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, sleep: { _ in }))
        return ZiaClientStack(api: api, chaos: chaos, tokens: tokens)
    }
}
