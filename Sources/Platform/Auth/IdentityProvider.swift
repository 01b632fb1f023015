import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// A third-party identity provider whose ID tokens we accept: where its keys are published, which
/// issuers it uses, and how it puts the nonce into the token.
public struct IdentityProvider: Sendable {
    public enum Kind: String, Sendable { case apple, google }

    public let kind: Kind
    public let jwksURL: String
    public let issuers: Set<String>
    /// Apple embeds SHA-256(raw nonce) in hex; Google embeds the nonce as sent.
    public let hashesNonce: Bool

    public init(kind: Kind, jwksURL: String, issuers: Set<String>, hashesNonce: Bool) {
        self.kind = kind
        self.jwksURL = jwksURL
        self.issuers = issuers
        self.hashesNonce = hashesNonce
    }

    public static func apple(jwksURL: String = "https://appleid.apple.com/auth/keys") -> IdentityProvider {
        IdentityProvider(kind: .apple, jwksURL: jwksURL, issuers: ["https://appleid.apple.com"], hashesNonce: true)
    }

    public static func google(jwksURL: String = "https://www.googleapis.com/oauth2/v3/certs") -> IdentityProvider {
        IdentityProvider(kind: .google, jwksURL: jwksURL, issuers: ["https://accounts.google.com", "accounts.google.com"], hashesNonce: false)
    }
}
