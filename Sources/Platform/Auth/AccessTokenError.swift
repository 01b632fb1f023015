import Crypto
import Foundation
import JWTKit
import PlatformCore

/// Why an access token was refused; every case becomes a 401.
public enum AccessTokenError: Error, Equatable, Sendable {
    case malformed
    case badSignature
    case expired
    case wrongApp
    case wrongType
    /// The header names no key, or a key this server does not sign with.
    case unknownKey
    /// Issued (`iat`) further in the future than clock skew explains.
    case issuedInFuture
}
