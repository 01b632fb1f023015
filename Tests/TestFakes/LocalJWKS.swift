import CryptoExtras
import Foundation
import Hummingbird
import JWTKit
import Logging
import NIOCore
import PlatformCore

/// Claims of an Apple/Google-style ID token, as a test mints them.
public struct TestIDTokenClaims: JWTPayload {
    public var iss: String
    public var sub: String
    public var aud: [String]
    public var exp: Int
    public var iat: Int
    public var email: String?
    public var nonce: String?

    public init(iss: String, sub: String, aud: [String], exp: Date, iat: Date = Date(), email: String? = nil, nonce: String? = nil) {
        self.iss = iss
        self.sub = sub
        self.aud = aud
        self.exp = Int(exp.timeIntervalSince1970)
        self.iat = Int(iat.timeIntervalSince1970)
        self.email = email
        self.nonce = nonce
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// An RS256 key pair a test generates, able to sign ID tokens and to describe itself as a JWK.
public struct TestRSAKey: Sendable {
    public let kid: String
    let signer: JWTKeyCollection
    public let jwk: [String: String]

    public init(kid: String) async throws {
        let backing = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let privateKey = try Insecure.RSA.PrivateKey(backing: backing)
        signer = JWTKeyCollection()
        await signer.add(rsa: privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        let primitives = try privateKey.publicKey.getKeyPrimitives()
        func base64url(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        self.kid = kid
        jwk = ["kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256", "n": base64url(primitives.modulus), "e": base64url(primitives.publicExponent)]
    }

    public func sign(_ claims: TestIDTokenClaims) async throws -> String {
        try await signer.sign(claims, kid: JWKIdentifier(string: kid))
    }
}

/// A JSON Web Key Set served over real HTTP on 127.0.0.1, whose keys a test can change at will,
/// and which counts how often it was fetched.
public final class LocalJWKS: Sendable {
    public let published = LockedValue<[[String: String]]>([])
    public let fetches = LockedValue(0)
    /// When set, the key endpoint answers with this status instead of the keys (a provider outage).
    public let failure = LockedValue<Int?>(nil)
    public let port: Int

    init(port: Int) { self.port = port }

    public var url: String { "http://127.0.0.1:\(port)/keys" }

    public func publish(_ keys: [TestRSAKey]) {
        published.value = keys.map(\.jwk)
    }
}

/// Runs `body` with a live JWKS server, shut down afterwards.
public func withLocalJWKS<T: Sendable>(_ body: @Sendable (LocalJWKS) async throws -> T) async throws -> T {
    let state = LockedValue<LocalJWKS?>(nil)
    let router = Router()
    router.get("keys") { _, _ -> Response in
        guard let jwks = state.value else { return Response(status: .serviceUnavailable) }
        jwks.fetches.withLock { $0 += 1 }
        if let status = jwks.failure.value {
            return Response(status: .init(code: status))
        }
        let data = try JSONSerialization.data(withJSONObject: ["keys": jwks.published.value])
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
    return try await withLocalHTTPServer(router, label: "jwks") { port in
        let jwks = LocalJWKS(port: port)
        state.value = jwks
        return try await body(jwks)
    }
}
