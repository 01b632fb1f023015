import ArgumentParser
import ClientCore
import Foundation

/// A session found on disk: its store (to hand the SDK's session), what it holds, and its server.
public struct SignedInSession: Sendable {
    public let store: FileTokenStore
    public let stored: StoredSession
    public let server: URL
}
