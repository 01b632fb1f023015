import Foundation

/// `application/x-www-form-urlencoded` bodies (HTML forms, OAuth2's password grant): `+` is a space,
/// `%XX` a byte of UTF-8; the first value of a repeated name wins. One parser for every route that
/// takes a form, so they agree on what a form says.
public enum FormURLEncoded {
    /// The form's fields, or nil when the percent-encoding or the UTF-8 is broken.
    public static func parse(_ data: Data) -> [String: String]? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    /// `fields` as a form body (or a URL query), in their order: every byte outside RFC 3986's
    /// unreserved set percent-encoded, so a secret holding `+`, `&` or `=` arrives as sent.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }

    static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
