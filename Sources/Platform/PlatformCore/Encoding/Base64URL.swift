import Foundation

/// Base64url without padding (RFC 4648 §5), the encoding of JWT parts, refresh tokens, provider
/// tokens and webhook signatures; one implementation for all of them.
extension Data {
    public func base64URLEncoded() -> String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding; nil when the text is not base64url.
    public init?(base64URLEncoded text: some StringProtocol) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
