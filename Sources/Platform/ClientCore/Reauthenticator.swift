import Foundation
import PlatformAPI

/// Signs the user in again right before an irreversible action (account deletion) and returns the
/// proof the server checks. The iOS app implements it with Sign in with Apple
/// (`ASAuthorizationAppleIDProvider` → `ASAuthorizationController`, returning
/// ``AccountDeletionRequest/apple(identityToken:nonce:)`` with the new credential's identity token
/// and the raw nonce); development builds can use ``DevelopmentReauthenticator``.
///
/// When the user backs out of the sign-in sheet, throw `CancellationError` (map
/// `ASAuthorizationError.canceled` to it): the action is abandoned without contacting the server.
/// Any other error is shown to the user, and the action is abandoned too.
public protocol Reauthenticator: Sendable {
    /// A new sign-in of the current user, as proof for the server.
    func freshIdentity() async throws -> AccountDeletionRequest
}
