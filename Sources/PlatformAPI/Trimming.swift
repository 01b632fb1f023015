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

/// The characters that leave a text blank: Unicode White_Space (as trimming has it, with U+200B) and
/// the Basic Multilingual Plane's Default_Ignorable_Code_Points (soft hyphen, zero-width space,
/// joiners and marks, word joiner, invisible operators, Hangul fillers, variation selectors,
/// byte-order mark…). One list serves ``Swift/StringProtocol/isBlank`` and the OpenAPI documents'
/// pattern for required text, so the two cannot disagree. (Default-ignorables beyond the BMP — tag
/// characters and a few format controls — are left out: the documents' regular expressions cannot
/// name them in a way every reader agrees on.)
public enum BlankText {
    public static let invisibleRanges: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0xAD...0xAD, 0x34F...0x34F, 0x61C...0x61C, 0x115F...0x1160,
        0x1680...0x1680, 0x17B4...0x17B5, 0x180B...0x180F, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F,
        0x3000...0x3000, 0x3164...0x3164, 0xFE00...0xFE0F, 0xFEFF...0xFEFF, 0xFFA0...0xFFA0, 0xFFF0...0xFFF8,
    ]

    /// True for a character that leaves a text blank.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value > 0x20 && value < 0x85 { return false }
        return invisibleRanges.contains { $0.contains(value) }
    }

    /// The ranges as the body of a regular-expression class (`\t-\r \x85…\uFFF0-\uFFF8`), in
    /// the escapes ECMA-262, Python and ICU all read.
    public static let regexClass: String = invisibleRanges.map { range in
        let low = String(format: "\\u%04X", range.lowerBound)
        return range.count == 1 ? low : low + "-" + String(format: "\\u%04X", range.upperBound)
    }.joined()
}
