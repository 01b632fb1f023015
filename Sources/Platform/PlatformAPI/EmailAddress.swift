import Foundation

/// The one email rule of the platform (development sign-in, re-authentication before deletion, and
/// the apps' own accounts): `local@domain.tld` — one `@`, a non-empty local part, a domain with a dot
/// that neither starts nor ends it — and no whitespace or control character anywhere. Deliberately
/// loose (internationalised addresses pass); providers verify real addresses.
///
/// Checked on Unicode scalars, not characters: a combining mark after `.` or `@` forms one
/// character with it, and the rule must be the one ``pattern`` states to the OpenAPI document.
public enum EmailAddress {
    public static func isPlausible(_ text: String) -> Bool {
        // Checked as sent: no whitespace (Unicode White_Space, U+200B) anywhere, so trimming never
        // changes what was checked.
        let scalars = text.unicodeScalars
        guard let at = scalars.firstIndex(of: "@"), at != scalars.startIndex else { return false }
        let local = scalars[..<at]
        let domain = scalars[scalars.index(after: at)...]
        guard let first = domain.first, let last = domain.last, first != ".", last != ".", domain.count >= 3,
            domain.dropFirst().dropLast().contains(".")
        else { return false }
        return !local.contains(where: isExcluded) && !domain.contains(where: isExcluded)
    }

    /// `@`, Unicode White_Space, U+200B (which trimming removes too) and C0 controls/DEL: never
    /// part of an address here.
    static func isExcluded(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x40, 0x00...0x20, 0x7F, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// ``isPlausible(_:)`` as a regular expression that ECMA-262 (OpenAPI's dialect), Python and
    /// `NSRegularExpression` read alike, for the apps' OpenAPI documents. It ends with
    /// `(?![\s\S])` rather than `$`, which Python and ICU also match before a final line feed.
    public static let pattern: String = {
        let excluded = #"@\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\x00-\x1F\x7F"#
        return "^[^\(excluded)]+@[^\(excluded).][^\(excluded)]*\\.[^\(excluded)]*[^\(excluded).](?![\\s\\S])"
    }()
}
