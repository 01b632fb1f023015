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
        guard parts.count == 3, let signatureBytes = Self.base64URLDecode(parts[2]),
              let claimsData = Self.base64URLDecode(parts[1]),
              let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any] else { throw .malformed }
        if let headerData = Self.base64URLDecode(parts[0]), let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
           let alg = header["alg"] as? String, alg != "HS256" {
            throw .malformed
        }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        let matches = [currentKey, nextKey].filter { !$0.isEmpty }.contains { key in
            HMAC<SHA256>.isValidAuthenticationCode(signatureBytes, authenticating: signingInput, using: SymmetricKey(data: Data(key.utf8)))
        }
        guard matches else { throw .badSignature }
        guard claims["iss"] as? String == "Upstash" else { throw .wrongIssuer }
        if let url, let subject = claims["sub"] as? String, subject != url { throw .wrongURL }
        let nowSeconds = now.timeIntervalSince1970
        if let exp = (claims["exp"] as? NSNumber)?.doubleValue, nowSeconds > exp + tolerance { throw .expired }
        if let nbf = (claims["nbf"] as? NSNumber)?.doubleValue, nowSeconds + tolerance < nbf { throw .notYetValid }
        let expected = Self.base64URL(Data(SHA256.hash(data: body)))
        guard let claimed = claims["body"] as? String, Self.stripPadding(claimed) == expected else { throw .bodyMismatch }
    }

    /// Signs like QStash does (tests and local tools).
    public static func sign(body: Data, url: String, key: String, issuedAt: Date, lifetime: TimeInterval = 300) -> String {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let iat = Int(issuedAt.timeIntervalSince1970)
        let claimsObject: [String: Any] = [
            "iss": "Upstash", "sub": url, "iat": iat, "nbf": iat, "exp": iat + Int(lifetime), "jti": UUID().uuidString,
            "body": base64URL(Data(SHA256.hash(data: body))),
        ]
        let claims = base64URL((try? JSONSerialization.data(withJSONObject: claimsObject, options: [.sortedKeys])) ?? Data())
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(header).\(claims)".utf8), using: SymmetricKey(data: Data(key.utf8)))
        return "\(header).\(claims).\(base64URL(Data(mac)))"
    }

    static func base64URL(_ data: Data) -> String {
        stripPadding(data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }

    static func stripPadding(_ text: String) -> String {
        var text = text
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
