import Crypto
import Foundation

/// Verifies QStash deliveries for deployments that schedule through Upstash instead of the jobs
/// table: the `Upstash-Signature` header is a JWT (HS256) signed with the current or the next
/// signing key (both are tried, so keys can be rotated), issued by `Upstash`, within its `nbf`/`exp`,
/// for this URL when one is given, and carrying `body` = base64url(SHA-256(raw body)).
public struct QStashVerifier: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case missingSignature, malformed, badSignature, wrongIssuer, wrongURL, expired, notYetValid, bodyMismatch

        public var description: String {
            switch self {
            case .missingSignature: "the Upstash-Signature header is missing"
            case .malformed: "the Upstash-Signature header is not a JWT"
            case .badSignature: "the signature matches neither signing key"
            case .wrongIssuer: "the token was not issued by Upstash"
            case .wrongURL: "the token was issued for another URL"
            case .expired: "the token has expired"
            case .notYetValid: "the token is not valid yet"
            case .bodyMismatch: "the body does not match the signed hash"
            }
        }
    }

    let currentKey: String
    let nextKey: String
    /// Seconds of clock difference tolerated on `exp` and `nbf`.
    let tolerance: TimeInterval

    public init(currentKey: String, nextKey: String, tolerance: TimeInterval = 60) {
        self.currentKey = currentKey
        self.nextKey = nextKey
        self.tolerance = tolerance
    }

    public func verify(signature: String?, body: Data, url: String? = nil, now: Date) throws(Failure) {
        guard let signature, !signature.isEmpty else { throw .missingSignature }
        let parts = signature.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signatureBytes = Data(base64URLEncoded: parts[2]),
            let claimsData = Data(base64URLEncoded: parts[1]),
            let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any]
        else { throw .malformed }
        if let headerData = Data(base64URLEncoded: parts[0]), let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let alg = header["alg"] as? String, alg != "HS256"
        {
            throw .malformed
        }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        let matches = [currentKey, nextKey].filter { !$0.isEmpty }.contains { key in
            HMAC<SHA256>.isValidAuthenticationCode(signatureBytes, authenticating: signingInput, using: SymmetricKey(data: Data(key.utf8)))
        }
        guard matches else { throw .badSignature }
        guard claims["iss"] as? String == "Upstash" else { throw .wrongIssuer }
        // QStash always sends `sub` and `exp`; a token without them is not one of its.
        guard let subject = claims["sub"] as? String else { throw .malformed }
        if let url, subject != url { throw .wrongURL }
        let nowSeconds = now.timeIntervalSince1970
        guard let exp = (claims["exp"] as? NSNumber)?.doubleValue else { throw .malformed }
        if nowSeconds > exp + tolerance { throw .expired }
        if let nbf = (claims["nbf"] as? NSNumber)?.doubleValue, nowSeconds + tolerance < nbf { throw .notYetValid }
        let expected = Data(SHA256.hash(data: body)).base64URLEncoded()
        guard let claimed = claims["body"] as? String, claimed.trimmingCharacters(in: CharacterSet(charactersIn: "=")) == expected else { throw .bodyMismatch }
    }

    /// Signs like QStash does (tests and local tools).
    public static func sign(body: Data, url: String, key: String, issuedAt: Date, lifetime: TimeInterval = 300) -> String {
        let header = Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8).base64URLEncoded()
        let iat = Int(issuedAt.timeIntervalSince1970)
        let claimsObject: [String: Any] = [
            "iss": "Upstash", "sub": url, "iat": iat, "nbf": iat, "exp": iat + Int(lifetime), "jti": UUID().uuidString,
            "body": Data(SHA256.hash(data: body)).base64URLEncoded(),
        ]
        let claims = ((try? JSONSerialization.data(withJSONObject: claimsObject, options: [.sortedKeys])) ?? Data()).base64URLEncoded()
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(claims)".utf8), using: SymmetricKey(data: Data(key.utf8)))
        return "\(header).\(claims).\(Data(mac).base64URLEncoded())"
    }

}
