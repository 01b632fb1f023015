import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// The identity an ID token proves.
public struct VerifiedIdentity: Sendable, Equatable {
    public let provider: IdentityProvider.Kind
    public let subject: String
    public let email: String?
}
