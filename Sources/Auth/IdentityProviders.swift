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

/// The identity an ID token proves.
public struct VerifiedIdentity: Sendable, Equatable {
    public let provider: IdentityProvider.Kind
    public let subject: String
    public let email: String?
}

/// Claims we read from Apple and Google ID tokens. `email_verified` arrives as a bool from Google
/// and as a string from Apple.
struct IDTokenClaims: JWTPayload {
    var iss: String
    var sub: String
    var aud: AudienceClaim
    var exp: Date
    var iat: Date?
    var email: String?
    var nonce: String?

    enum CodingKeys: String, CodingKey { case iss, sub, aud, exp, iat, email, nonce }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .exp))
        iat = try container.decodeIfPresent(Double.self, forKey: .iat).map(Date.init(timeIntervalSince1970:))
        email = try container.decodeIfPresent(String.self, forKey: .email)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp.timeIntervalSince1970, forKey: .exp)
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Fetches a provider's JSON Web Key Set over HTTP(S).
public protocol JWKSFetching: Sendable {
    func fetch(url: String) async throws -> JWKS
}

/// Fetches JWKS with AsyncHTTPClient, with a timeout and a size cap.
public struct HTTPJWKSFetcher: JWKSFetching {
    let client: HTTPClient

    public init(client: HTTPClient = .shared) { self.client = client }

    public func fetch(url: String) async throws -> JWKS {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(10))
        guard response.status == .ok else {
            throw IdentityTokenError.keysUnavailable("JWKS endpoint answered \(response.status.code)")
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return try JSONDecoder().decode(JWKS.self, from: Data(buffer: body))
    }
}

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

/// Verifies Apple/Google ID tokens: signature against the provider's JWKS (cached, refetched when a
/// token names a key id we have not seen, at most once per `minimumRefetchInterval`), then issuer,
/// audience, expiry and nonce.
public final class IdentityTokenVerifier: Sendable {
    struct CachedKeys {
        var keys: JWTKeyCollection
        var kids: Set<String>
        var fetchedAt: Date
        /// When a token naming an unseen key id last forced a refetch; such refetches are rate
        /// limited so a flood of bogus key ids cannot hammer the provider.
        var unknownKeyRefetchAt: Date?
    }

    public let provider: IdentityProvider
    let fetcher: any JWKSFetching
    let clock: any TimeSource
    let cacheTTL: TimeInterval
    let minimumRefetchInterval: TimeInterval
    private let cache = LockedValue<CachedKeys?>(nil)
    /// Serialises fetches so a burst of sign-ins triggers one download.
    private let fetchGate = AsyncGate()

    public init(provider: IdentityProvider, fetcher: any JWKSFetching, clock: any TimeSource, cacheTTL: TimeInterval = 3600, minimumRefetchInterval: TimeInterval = 30) {
        self.provider = provider
        self.fetcher = fetcher
        self.clock = clock
        self.cacheTTL = cacheTTL
        self.minimumRefetchInterval = minimumRefetchInterval
    }

    /// Verifies `token` for one of `audiences` (the app's configured client IDs).
    public func verify(_ token: String, audiences: Set<String>, nonce: String?) async throws(IdentityTokenError) -> VerifiedIdentity {
        guard !audiences.isEmpty else { throw .notConfigured(provider.kind == .apple ? "Sign in with Apple" : "Google") }
        let kid = try Self.keyID(of: token)
        let keys = try await keys(for: kid)
        let claims: IDTokenClaims
        do {
            claims = try await keys.verify(token, as: IDTokenClaims.self)
        } catch {
            throw String(describing: error).lowercased().contains("signature") ? .badSignature : .malformed
        }
        guard provider.issuers.contains(claims.iss) else { throw .wrongIssuer }
        guard !audiences.isDisjoint(with: claims.aud.value) else { throw .wrongAudience }
        guard claims.exp > clock.now().addingTimeInterval(-30) else { throw .expired }
        if let nonce {
            let hashed = SHA256.hash(data: Data(nonce.utf8)).map { String(format: "%02x", $0) }.joined()
            let expected = provider.hashesNonce ? [hashed, nonce] : [nonce, hashed]
            guard let actual = claims.nonce, expected.contains(actual) else { throw .nonceMismatch }
        }
        guard !claims.sub.isEmpty else { throw .malformed }
        return VerifiedIdentity(provider: provider.kind, subject: claims.sub, email: claims.email?.lowercased())
    }

    static func keyID(of token: String) throws(IdentityTokenError) -> String {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Data(base64URLEncoded: String(parts[0])),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any]
        else { throw .malformed }
        guard let kid = header["kid"] as? String else { throw .unknownKey }
        return kid
    }

    private func keys(for kid: String) async throws(IdentityTokenError) -> JWTKeyCollection {
        let now = clock.now()
        if let cached = cache.value, cached.kids.contains(kid), now.timeIntervalSince(cached.fetchedAt) < cacheTTL {
            return cached.keys
        }
        do {
            return try await fetchGate.run { () async throws -> JWTKeyCollection in
                // Another caller may have refreshed while we waited.
                let now = self.clock.now()
                var unknownKeyRefetchAt: Date?
                if let cached = self.cache.value {
                    let fresh = now.timeIntervalSince(cached.fetchedAt) < self.cacheTTL
                    if cached.kids.contains(kid), fresh { return cached.keys }
                    if fresh {
                        if let last = cached.unknownKeyRefetchAt, now.timeIntervalSince(last) < self.minimumRefetchInterval {
                            throw IdentityTokenError.unknownKey
                        }
                        unknownKeyRefetchAt = now
                    }
                }
                let jwks = try await self.fetcher.fetch(url: self.provider.jwksURL)
                let collection = JWTKeyCollection()
                var kids = Set<String>()
                for key in jwks.keys {
                    guard let id = key.keyIdentifier?.string else { continue }
                    if (try? await collection.add(jwk: key)) != nil { kids.insert(id) }
                }
                self.cache.value = CachedKeys(keys: collection, kids: kids, fetchedAt: now, unknownKeyRefetchAt: unknownKeyRefetchAt)
                guard kids.contains(kid) else { throw IdentityTokenError.unknownKey }
                return collection
            }
        } catch let error as IdentityTokenError {
            throw error
        } catch {
            throw .keysUnavailable(String(describing: error))
        }
    }
}

/// Runs one async operation at a time, in arrival order.
final class AsyncGate: Sendable {
    private let pool = LockedValue<(busy: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = pool.withLock { state -> Bool in
                if state.busy {
                    state.waiters.append(continuation)
                    return false
                }
                state.busy = true
                return true
            }
            if proceed { continuation.resume() }
        }
        defer {
            let next = pool.withLock { state -> CheckedContinuation<Void, Never>? in
                if state.waiters.isEmpty {
                    state.busy = false
                    return nil
                }
                return state.waiters.removeFirst()
            }
            next?.resume()
        }
        return try await body()
    }
}
