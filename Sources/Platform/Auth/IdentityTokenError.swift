import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// Why an ID token was refused; each becomes a 401 with this message.
public enum IdentityTokenError: Error, Sendable, CustomStringConvertible {
    case malformed
    case unknownKey
    case badSignature
    case wrongIssuer
    case wrongAudience
    case expired
    case nonceMismatch
    case notConfigured(String)
    case keysUnavailable(String)

    public var description: String {
        switch self {
        case .malformed: "The ID token is malformed."
        case .unknownKey: "The ID token was signed with an unknown key."
        case .badSignature: "The ID token signature is invalid."
        case .wrongIssuer: "The ID token has the wrong issuer."
        case .wrongAudience: "The ID token was issued for another client."
        case .expired: "The ID token has expired."
        case .nonceMismatch: "The ID token nonce does not match."
        case .notConfigured(let what): "\(what) sign-in is not configured for this app."
        case .keysUnavailable(let why): "The identity provider's keys could not be fetched (\(why))."
        }
    }
}
