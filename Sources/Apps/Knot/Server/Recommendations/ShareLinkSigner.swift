import Crypto
import Foundation
import Hummingbird
import KnotAPI
import PlatformCore

/// Signs share links with an HMAC derived from a server secret, so only links the server handed to
/// a recommendation's owner open it on the web.
public struct ShareLinkSigner: Sendable {
    let key: SymmetricKey

    public init(secret: Data) {
        key = SymmetricKey(data: SHA256.hash(data: secret + Data("knot-share-links".utf8)))
    }

    public func signature(for id: RecommendationID) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(id.description.utf8), using: key)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The path of a signed share link.
    public func sharePath(for id: RecommendationID) -> String { KnotRoutes.recommendationPage.endpoint(Unchecked(id)).path + "?sig=\(signature(for: id))" }

    /// Constant-time comparison of a presented signature.
    func isValid(_ signature: String?, for id: RecommendationID) -> Bool {
        guard let signature else { return false }
        let expected = Array(self.signature(for: id).utf8), given = Array(signature.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
