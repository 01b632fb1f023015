import Foundation

/// The optional body of `DELETE …/users/me`: proof of a fresh sign-in. Deleting an account cannot be
/// undone, so a bearer token alone — which a stolen phone or a leaked refresh token can mint — is not
/// enough (App Store Review Guideline 5.1.1(v) asks for re-authentication; docs/platform/auth.md). The
/// client signs in again with its provider and sends that identity token here; the server verifies it
/// exactly as it verifies a sign-in and deletes only when it names the same account as the bearer
/// token. Development servers (those with `POST /<app>/auth/dev`) also accept the account's email
/// with `provider` `dev`. Without a body the server accepts only an access token from a sign-in
/// made in the last five minutes.
public struct AccountDeletionRequest: Codable, Sendable, Equatable {
    /// How the user signed in again.
    public enum Provider: String, Codable, Sendable, CaseIterable {
        case apple, google
        /// Development servers only: the account's email stands for the sign-in.
        case dev
    }

    enum CodingKeys: String, CodingKey { case provider, idToken = "id_token", nonce, email }
    public var provider: Provider
    /// The provider's identity token (Apple, Google).
    public var idToken: String?
    /// The raw nonce the identity token was requested with, if any.
    public var nonce: String?
    /// The account's email (`dev`).
    public var email: String?

    public init(provider: Provider, idToken: String? = nil, nonce: String? = nil, email: String? = nil) {
        self.provider = provider
        self.idToken = idToken
        self.nonce = nonce
        self.email = email
    }

    /// Proof from Sign in with Apple: the identity token of a new `ASAuthorizationAppleIDCredential`.
    public static func apple(identityToken: String, nonce: String? = nil) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .apple, idToken: identityToken, nonce: nonce)
    }

    /// Proof from Google Sign-In: a new ID token.
    public static func google(idToken: String, nonce: String? = nil) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .google, idToken: idToken, nonce: nonce)
    }

    /// Development servers only: the account's own email.
    public static func development(email: String) -> AccountDeletionRequest {
        AccountDeletionRequest(provider: .dev, email: email)
    }

    /// The longest identity token accepted, in characters (as for sign-in).
    public static let maxIDTokenLength = 8192
    /// The longest nonce accepted, in characters (as for sign-in).
    public static let maxNonceLength = 512
    /// The longest email accepted, in characters (as for development sign-in).
    public static let maxEmailLength = 254

    /// The body as it arrives: the same keys, every field optional and untyped, so one 422 names
    /// every wrong field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = AccountDeletionRequest.CodingKeys
        public var provider: String?
        public var idToken: String?
        public var nonce: String?
        public var email: String?

        public init(provider: String? = nil, idToken: String? = nil, nonce: String? = nil, email: String? = nil) {
            self.provider = provider
            self.idToken = idToken
            self.nonce = nonce
            self.email = email
        }
    }

    /// A provider is required; `apple`/`google` need `id_token` (1–8192 characters after trimming;
    /// `nonce` at most 512); `dev` needs `email`, an email address of at most 254 characters. Fields
    /// the provider does not use are ignored.
    public static func check(_ input: Input) -> Checked<AccountDeletionRequest> {
        var v = Validator()
        let provider = v.requireEnum(input.provider, "provider", as: Provider.self)
        var idToken: String?
        var nonce: String?
        var email: String?
        switch provider {
        case .apple, .google:
            idToken = v.requireText(input.idToken, "id_token", maxLength: maxIDTokenLength)
            nonce = v.optionalText(input.nonce, "nonce", maxLength: maxNonceLength)
        case .dev:
            email = v.requireText(input.email, "email", maxLength: maxEmailLength)
            if email != nil, let raw = input.email { v.check(EmailAddress.isPlausible(raw), "email", "must be an email address") }
        case nil:
            break
        }
        return .from(v) { provider.map { AccountDeletionRequest(provider: $0, idToken: idToken, nonce: nonce, email: email) } }
    }
}
