import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// Fetches a provider's JSON Web Key Set over HTTP(S).
public protocol JWKSFetching: Sendable {
    func fetch(url: String) async throws -> JWKS
}
