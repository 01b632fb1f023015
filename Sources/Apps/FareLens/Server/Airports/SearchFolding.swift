import Foundation

/// The one text form autocomplete compares: lower case, accents dropped ("São" → "sao", "Zürich" →
/// "zurich"), letters without a decomposition spelled out ("ø" → "o", "ß" → "ss"), and anything but
/// letters and digits a single space. The index's keys and the queries both go through it.
enum SearchFolding {
    static func fold(_ text: some StringProtocol) -> String {
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in String(text).decomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark { continue }
            guard properties.isAlphabetic || properties.numericType != nil else {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(" ")
                pendingSpace = false
            }
            if let spelled = spelledOut[scalar] {
                folded.append(contentsOf: spelled.unicodeScalars)
            } else {
                folded.append(contentsOf: properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(folded)
    }

    /// Latin letters that carry their mark inside (no canonical decomposition), lower and upper case.
    static let spelledOut: [Unicode.Scalar: String] = [
        "ø": "o", "Ø": "o", "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i",
    ]
}
