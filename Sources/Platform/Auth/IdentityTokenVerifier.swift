import AsyncHTTPClient
import Crypto
import Foundation
import JWTKit
import Logging
import NIOCore
import PlatformCore

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
