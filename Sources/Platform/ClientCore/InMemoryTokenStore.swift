import Foundation
import PlatformAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
