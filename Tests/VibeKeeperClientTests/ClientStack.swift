import ClientTestSupport
import Foundation
import TestSupport
import VibeKeeperClient

/// A signed-in SDK stack on the in-process server: API, sync manager and the chaos in between.
struct ClientStack {
    let api: VibeKeeperAPIClient
    let sync: SyncManager
    let chaos: ChaosTransport
    let store: InMemoryLocalStore
    let tokens: InMemoryTokenStore

    /// A new account (email + password) signed in through the SDK, retries without waiting.
    static func signedIn(_ server: TestClient, email: String = "vk-\(UUID().uuidString.prefix(8))@example.com") async throws -> ClientStack {
        let stack = make(server)
        _ = try await stack.api.client.register(PasswordRegistration(email: email, name: "Sam", password: "correct horse battery"))
        try await stack.api.client.logIn(email: email, password: "correct horse battery")
        return stack
    }

    static func make(_ server: TestClient, tokens: InMemoryTokenStore = InMemoryTokenStore()) -> ClientStack {
        let chaos = ChaosTransport(InProcessTransport(server: server))
        let api = VibeKeeperAPIClient(
            baseURL: URL(string: "http://vibekeeper.test")!, session: VibeKeeperSession(store: tokens), transport: chaos, retry: RetryPolicy(maxAttempts: 1))
        let store = InMemoryLocalStore()
        return ClientStack(api: api, sync: SyncManager(api: api, store: store), chaos: chaos, store: store, tokens: tokens)
    }

    /// A second device of the same account (same tokens, its own local copy).
    func secondDevice(_ server: TestClient) -> ClientStack {
        ClientStack.make(server, tokens: tokens)
    }
}
