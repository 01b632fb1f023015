import Foundation
import PlatformAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a session's tokens live: the Keychain in an iOS app (implement this protocol over
/// `SecItem…`), a private file on Linux (``FileTokenStore``), memory in tests.
public protocol TokenStore: Sendable {
    /// The saved session, or nil when signed out.
    func load() throws -> StoredSession?
    func save(_ session: StoredSession) throws
    /// Forgets the session (sign-out); a no-op when there is none.
    func clear() throws
}
