import Foundation
import PlatformAPI

/// Re-authenticates on a development server with the account's email (the server accepts
/// `provider: dev` only where `POST /<app>/auth/dev` exists).
public struct DevelopmentReauthenticator: Reauthenticator {
    public let email: String

    public init(email: String) { self.email = email }

    public func freshIdentity() async throws -> AccountDeletionRequest { .development(email: email) }
}
