import Foundation

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
