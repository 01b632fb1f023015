import Crypto
import Foundation
import PlatformCore

/// Hand-made ES256 JWTs: any header and claims a test chooses, signed with a real key (by default
/// the test server's own signing key), to check what the server refuses beyond the signature.
public enum ForgedToken {
    /// `base64url(header).base64url(claims).base64url(ES256 signature)`.
    public static func es256(header: [String: Any], claims: [String: Any], keyPEM: String = testSigningKeyPEM) throws -> String {
        let key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        let head = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]).base64URLEncoded()
        let body = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]).base64URLEncoded()
        let input = "\(head).\(body)"
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation.base64URLEncoded()
        return "\(input).\(signature)"
    }

    /// A token whose header and claims are exactly the given JSON texts (for JSON no serializer
    /// would write, such as duplicate keys).
    public static func es256(rawHeader: String, rawClaims: String, keyPEM: String = testSigningKeyPEM) throws -> String {
        let key = try P256.Signing.PrivateKey(pemRepresentation: keyPEM)
        let input = "\(Data(rawHeader.utf8).base64URLEncoded()).\(Data(rawClaims.utf8).base64URLEncoded())"
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation.base64URLEncoded()
        return "\(input).\(signature)"
    }

    /// The decoded header and claims of `token` (a real one to start from).
    public static func parts(of token: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let segments = token.split(separator: ".")
        guard segments.count == 3,
            let header = Data(base64URLEncoded: segments[0]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }),
            let claims = Data(base64URLEncoded: segments[1]).flatMap({ try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        else { throw TestFailure("not a JWT: \(token)") }
        return (header, claims)
    }
}
