import Crypto
import Foundation
import JWTKit
import PlatformCore

/// Mints and checks our short-lived ES256 access tokens, and makes opaque refresh tokens (only
/// their SHA-256 is stored).
public final class TokenService: Sendable {
    public static let issuer = "personal-apps"
    let keys: JWTKeyCollection
    let keyID: JWKIdentifier
    /// The platform's lifetimes, for apps without their own.
    public let accessTokenTTL: TimeInterval
    public let refreshTokenTTL: TimeInterval
    /// Apps whose tokens live other than the platform's (``lifetimes(for:)``).
    let lifetimesByApp: [AppID: TokenLifetimes]
    let clock: any TimeSource
    /// Tokens whose signature was already checked, with what they proved. ES256 verification is the
    /// most expensive step of an authenticated request and jwt-kit runs it inside one actor; a
    /// token is immutable, so verifying it once per process is enough. Expiry, audience and the
    /// session's liveness are still checked on every request.
    private let verified = LockedValue<[String: VerifiedToken]>([:])
    static let verifiedCacheLimit = 20_000
    /// How far in the future a token's `iat` may lie (clocks of servers sharing the key differ a little).
    public static let maxClockSkew: TimeInterval = 60

    struct VerifiedToken: Sendable {
        let user: UserID
        let audience: [String]
        let session: UUID
        let issuedAt: Date
        let expiresAt: Date
        let authenticatedAt: Date?
    }

    /// The JOSE header fields checked before the signature.
    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// - Parameters:
    ///   - signingKeyPEM: an ES256 (P-256) private key in PEM form.
    ///   - accessTokenTTL, refreshTokenTTL: the platform's lifetimes.
    ///   - lifetimesByApp: the apps whose tokens live otherwise.
    public init(
        signingKeyPEM: String, accessTokenTTL: TimeInterval, refreshTokenTTL: TimeInterval, lifetimesByApp: [AppID: TokenLifetimes] = [:], clock: any TimeSource
    ) async throws {
        let key = try ES256PrivateKey(pem: signingKeyPEM)
        // The key id is derived from the public key so every server sharing the key agrees on it.
        let digest = SHA256.hash(data: Data(key.publicKey.pemRepresentation.utf8))
        keyID = JWKIdentifier(string: digest.prefix(8).map { String(format: "%02x", $0) }.joined())
        keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: keyID)
        self.accessTokenTTL = accessTokenTTL
        self.refreshTokenTTL = refreshTokenTTL
        self.lifetimesByApp = lifetimesByApp
        self.clock = clock
    }

    /// How long `app`'s access and refresh tokens live: its own lifetimes, else the platform's.
    public func lifetimes(for app: AppID) -> TokenLifetimes {
        lifetimesByApp[app] ?? TokenLifetimes(access: accessTokenTTL, refresh: refreshTokenTTL)
    }

    /// A fresh ES256 private key in PEM form (development servers and tests).
    public static func generateSigningKeyPEM() -> String {
        ES256PrivateKey().pemRepresentation
    }

    /// - Parameter signedInAt: when the session's sign-in happened (`auth_time`); nil means now (a
    ///   token minted by the sign-in itself). A refresh passes the session's original sign-in time.
    public func issueAccessToken(user: UserID, app: AppID, session: UUID, signedInAt: Date? = nil) async throws -> String {
        // NumericDate in whole seconds: some JWT libraries reject fractional `exp`/`iat`.
        let now = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
        let authTime = Int((signedInAt ?? now).timeIntervalSince1970.rounded(.down))
        let claims = AccessTokenClaims(
            iss: .init(value: Self.issuer),
            sub: .init(value: user.description),
            aud: .init(value: [app.rawValue]),
            iat: .init(value: now),
            exp: .init(value: now.addingTimeInterval(lifetimes(for: app).access)),
            sid: session.uuidString.lowercased(),
            typ: "access",
            auth_time: authTime
        )
        return try await keys.sign(claims, kid: keyID)
    }

    /// Checks the key id, signature, issue time, expiry, type and that the token was minted for `app`.
    public func verifyAccessToken(_ token: String, app: AppID) async throws(AccessTokenError) -> AuthIdentity {
        let entry: VerifiedToken
        if let cached = verified.withLock({ $0[token] }) {
            entry = cached
        } else {
            entry = try await verifySignature(token)
            verified.withLock { cache in
                if cache.count >= Self.verifiedCacheLimit {
                    let now = clock.now()
                    cache = cache.filter { $0.value.expiresAt > now }
                    if cache.count >= Self.verifiedCacheLimit { cache.removeAll(keepingCapacity: true) }
                }
                cache[token] = entry
            }
        }
        let now = clock.now()
        guard entry.issuedAt <= now.addingTimeInterval(Self.maxClockSkew) else { throw .issuedInFuture }
        guard entry.expiresAt > now else { throw .expired }
        guard entry.audience.contains(app.rawValue) else { throw .wrongApp }
        return AuthIdentity(userID: entry.user, app: app, sessionID: entry.session, issuedAt: entry.issuedAt, signedInAt: entry.authenticatedAt)
    }

    private func verifySignature(_ token: String) async throws(AccessTokenError) -> VerifiedToken {
        // jwt-kit falls back to its default key when `kid` is missing or unknown; ours must name ours.
        // Header and claims are read strictly (no duplicate keys, no trailing commas), as request
        // bodies are: two readers of one token must never see two different values.
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3,
            let headerData = Data(base64URLEncoded: segments[0]), (try? StrictJSON.check(headerData)) != nil,
            let claimsData = Data(base64URLEncoded: segments[1]), (try? StrictJSON.check(claimsData)) != nil,
            let header = try? JSONDecoder().decode(Header.self, from: headerData)
        else { throw .malformed }
        guard header.kid == keyID.string, header.alg == "ES256" else { throw .unknownKey }
        let claims: AccessTokenClaims
        do {
            claims = try await keys.verify(token, as: AccessTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch {
            throw String(describing: error).contains("signature") ? .badSignature : .malformed
        }
        guard claims.typ == "access", claims.iss.value == Self.issuer else { throw .wrongType }
        guard let user = UserID(claims.sub.value), let session = UUID(parsing: claims.sid) else { throw .malformed }
        return VerifiedToken(
            user: user, audience: claims.aud.value, session: session, issuedAt: claims.iat.value, expiresAt: claims.exp.value,
            authenticatedAt: claims.auth_time.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }

    /// A new opaque refresh token (256 random bits, base64url).
    public func makeRefreshToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64URLEncoded()
    }

    /// What the database stores instead of the refresh token itself.
    public static func hash(refreshToken: String) -> String {
        SHA256.hash(data: Data(refreshToken.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
