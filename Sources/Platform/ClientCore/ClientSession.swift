import Foundation
import PlatformAPI

/// The signed-in state of one client: hands out access tokens, refreshes them once however many
/// requests hit an expired token together (single flight), and signs out when a refresh is refused.
public actor ClientSession {
    /// Refreshes this long before the server would expire the access token.
    static let expiryMargin: TimeInterval = 30

    public nonisolated let store: any TokenStore
    let now: @Sendable () -> Date
    private var current: StoredSession?
    private var refreshing: Task<String, any Error>?
    private var observers: [UUID: @Sendable (Bool) -> Void] = [:]

    /// - Parameters:
    ///   - store: where tokens persist; the saved session (if any) is restored from it.
    ///   - now: the clock that decides when an access token has expired.
    public init(store: any TokenStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.now = now
        self.current = try? store.load()
    }

    /// The current session, or nil when signed out.
    public var stored: StoredSession? { current }

    public var isSignedIn: Bool { current != nil }

    /// Calls `observer` with `false` whenever the session ends (sign-out or a refused refresh), so an
    /// app can return to its sign-in screen. Returns a token for ``removeObserver(_:)``.
    @discardableResult
    public func onSignedInChange(_ observer: @escaping @Sendable (Bool) -> Void) -> UUID {
        let id = UUID()
        observers[id] = observer
        return id
    }

    public func removeObserver(_ id: UUID) { observers[id] = nil }

    /// Starts a session from a fresh token pair and saves it.
    public func begin(_ pair: TokenPair, serverUrl: String?, email: String?) throws {
        let session = StoredSession(
            serverUrl: serverUrl, email: email, userId: pair.userId, accessToken: pair.accessToken,
            refreshToken: pair.refreshToken, accessTokenExpiresAt: now().addingTimeInterval(TimeInterval(pair.expiresIn))
        )
        try store.save(session)
        current = session
        notify(true)
    }

    /// Forgets the session here and in the store.
    public func signOutLocally() {
        refreshing?.cancel()
        refreshing = nil
        let wasSignedIn = current != nil
        current = nil
        try? store.clear()
        if wasSignedIn { notify(false) }
    }

    private func notify(_ signedIn: Bool) {
        for observer in observers.values { observer(signedIn) }
    }

    /// An access token that has not expired yet, refreshing first when it has.
    public func accessToken(refresher: @escaping @Sendable (String) async throws -> TokenPair) async throws -> String {
        guard let session = current else { throw ClientError.unauthorized("Not signed in. Sign in first.") }
        if session.accessTokenExpiresAt.timeIntervalSince(now()) > Self.expiryMargin { return session.accessToken }
        return try await refresh(after: session.accessToken, refresher: refresher)
    }

    /// A new access token after `rejected` was refused. Concurrent callers share one refresh; a
    /// caller whose token was already replaced gets the new one without refreshing again. A refresh
    /// the server refuses ends the session; one that cannot reach the server keeps it.
    public func refresh(after rejected: String, refresher: @escaping @Sendable (String) async throws -> TokenPair) async throws -> String {
        guard let session = current else { throw ClientError.unauthorized("Not signed in. Sign in first.") }
        if session.accessToken != rejected { return session.accessToken }
        if let refreshing { return try await refreshing.value }
        // Another process sharing the store (a second run of a command-line client) may have rotated the tokens
        // already; spending our old refresh token again would revoke the whole session.
        if let shared = try? store.load(), shared.userId == session.userId, shared.refreshToken != session.refreshToken {
            current = shared
            if shared.accessTokenExpiresAt.timeIntervalSince(now()) > Self.expiryMargin, shared.accessToken != rejected { return shared.accessToken }
            return try await refresh(after: shared.accessToken, refresher: refresher)
        }
        let task = Task { try await self.performRefresh(of: session, refresher: refresher) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func performRefresh(of session: StoredSession, refresher: @Sendable (String) async throws -> TokenPair) async throws -> String {
        let pair: TokenPair
        do {
            pair = try await refresher(session.refreshToken)
        } catch let error as ClientError {
            switch error {
            case .offline, .rateLimited: throw error
            case .server(let status, _, _) where status >= 500: throw error
            default:
                // Only end the session this refresh belonged to, not one signed in meanwhile.
                if current?.refreshToken == session.refreshToken { signOutLocally() }
                throw ClientError.unauthorized("Your session has ended (\(error)). Sign in again.")
            }
        }
        guard current?.refreshToken == session.refreshToken else {
            throw ClientError.unauthorized("The session changed while it was being refreshed. Try again.")
        }
        let updated = StoredSession(
            serverUrl: session.serverUrl, email: session.email, userId: pair.userId, accessToken: pair.accessToken,
            refreshToken: pair.refreshToken, accessTokenExpiresAt: now().addingTimeInterval(TimeInterval(pair.expiresIn))
        )
        try? store.save(updated)
        current = updated
        return updated.accessToken
    }
}
