import Foundation

extension StringProtocol {
    /// The text without leading and trailing white space and line breaks: exactly what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns (Unicode categories Zs, Zl, Zp,
    /// U+0009–U+000D, U+0085 and, as Foundation on Linux has it, U+200B), without Foundation's bridge through `NSString`, which showed up in
    /// the profile of every request that validates text.
    public var trimmedOfWhitespace: String {
        let text = String(self)
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isTrimmable(scalars[start]) { start = scalars.index(after: start) }
        while end > start, Self.isTrimmable(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        // Nothing to trim (nearly always): the text itself. Otherwise its UTF-8 between the two
        // ends, copied whole (rebuilding it scalar by scalar was 5 % of a hint write).
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    /// The one notion of blank for text a client sends: nothing left once ``BlankText``'s invisible
    /// characters — white space and zero-width or other default-ignorable ones — are set aside.
    /// `"\u{200B}\u{200B}\u{2060}"` is as blank as `""`.
    public var isBlank: Bool {
        unicodeScalars.allSatisfy(BlankText.isInvisible)
    }

    private static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200B: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
