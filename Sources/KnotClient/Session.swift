import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a signed-in client keeps between launches: the tokens, when the access token expires, and
/// (for the CLI) which server and account they belong to.
public struct StoredSession: Codable, Sendable, Equatable {
    public var serverUrl: String?
    public var email: String?
    public var userId: String
    public var accessToken: String
    public var refreshToken: String
    public var accessTokenExpiresAt: Date

    public init(serverUrl: String? = nil, email: String? = nil, userId: String, accessToken: String, refreshToken: String, accessTokenExpiresAt: Date) {
        self.serverUrl = serverUrl
        self.email = email
        self.userId = userId
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }
}

/// Where a session's tokens live: the Keychain in an iOS app (implement this protocol over
/// `SecItem…`), a private file on Linux (``FileTokenStore``), memory in tests.
public protocol TokenStore: Sendable {
    /// The saved session, or nil when signed out.
    func load() throws -> StoredSession?
    func save(_ session: StoredSession) throws
    /// Forgets the session (sign-out); a no-op when there is none.
    func clear() throws
}

/// Keeps the session in a JSON file readable only by its owner (mode 0600), e.g.
/// `~/.config/knot/session.json` for the CLI.
public struct FileTokenStore: TokenStore {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    /// `$XDG_CONFIG_HOME/knot/session.json`, else `~/.config/knot/session.json`.
    public static var defaultURL: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".config")
        return base.appendingPathComponent("knot").appendingPathComponent("session.json")
    }

    public func load() throws -> StoredSession? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        let decoder = WireFormat.decoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession) throws {
        let folder = fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try WireFormat.encoder(pretty: true).encode(session)
        let temporary = folder.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        // rename(2) replaces the old file atomically; the token never sits in a world-readable file.
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fileURL.path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) { try FileManager.default.removeItem(at: fileURL) }
    }
}

/// Keeps the session in memory only (previews, tests, apps that never persist).
public final class InMemoryTokenStore: TokenStore, @unchecked Sendable {
    // @unchecked Sendable: `stored` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var stored: StoredSession?

    public init(_ session: StoredSession? = nil) { stored = session }

    public func load() throws -> StoredSession? { lock.withLock { stored } }
    public func save(_ session: StoredSession) throws { lock.withLock { stored = session } }
    public func clear() throws { lock.withLock { stored = nil } }
}

/// The signed-in state of one client: hands out access tokens, refreshes them once however many
/// requests hit an expired token together (single flight), and signs out when a refresh is refused.
public actor KnotSession {
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
    func begin(_ pair: TokenPair, serverUrl: String?, email: String?) throws {
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
    func accessToken(refresher: @escaping @Sendable (String) async throws -> TokenPair) async throws -> String {
        guard let session = current else { throw KnotError.unauthorized("Not signed in. Sign in first.") }
        if session.accessTokenExpiresAt.timeIntervalSince(now()) > Self.expiryMargin { return session.accessToken }
        return try await refresh(after: session.accessToken, refresher: refresher)
    }

    /// A new access token after `rejected` was refused. Concurrent callers share one refresh; a
    /// caller whose token was already replaced gets the new one without refreshing again. A refresh
    /// the server refuses ends the session; one that cannot reach the server keeps it.
    func refresh(after rejected: String, refresher: @escaping @Sendable (String) async throws -> TokenPair) async throws -> String {
        guard let session = current else { throw KnotError.unauthorized("Not signed in. Sign in first.") }
        if session.accessToken != rejected { return session.accessToken }
        if let refreshing { return try await refreshing.value }
        // Another process sharing the store (a second `knot` command) may have rotated the tokens
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
        } catch let error as KnotError {
            switch error {
            case .offline, .rateLimited: throw error
            case .server(let status, _, _) where status >= 500: throw error
            default:
                // Only end the session this refresh belonged to, not one signed in meanwhile.
                if current?.refreshToken == session.refreshToken { signOutLocally() }
                throw KnotError.unauthorized("Your session has ended (\(error)). Sign in again.")
            }
        }
        guard current?.refreshToken == session.refreshToken else {
            throw KnotError.unauthorized("The session changed while it was being refreshed. Try again.")
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
