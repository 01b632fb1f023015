/// Counts a text's characters as people see them (grapheme clusters) for its length limit, and bounds
/// what one character may hold. A character can stack any number of code points (50,000 combining
/// marks on one letter, or a chain of joiners and variation selectors, are one character), so a limit
/// in characters alone would let a 60-character name weigh hundreds of kilobytes. Every limit on
/// people's text counts through here (``Validator/fits(_:_:maxLength:)``), so one rule holds everywhere.
public enum CharacterCount {
    /// The most code points one character may hold: more than any real character (the longest emoji
    /// ZWJ sequences have about 11; Unicode's Stream-Safe Text Format, UAX #15, caps a run of
    /// combining marks at 30).
    public static let maxCodePoints = 32

    /// The 422 message for a text with a heavier character.
    public static let message = "must not stack more than \(maxCodePoints) code points in one character"

    /// The number of characters in `text`, or nil when one of them holds more than ``maxCodePoints``
    /// code points. One pass, nothing allocated per character.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int? {
        let scalars = text.unicodeScalars
        var count = 0
        var index = text.startIndex
        while index != text.endIndex {
            let next = text.index(after: index)
            if scalars.distance(from: index, to: next) > maxCodePoints { return nil }
            count += 1
            index = next
        }
        return count
    }
}

extension Validator {
    /// The characters of `text` as people see them; nil, recording ``CharacterCount/message`` for
    /// `field`, when one of them stacks more than ``CharacterCount/maxCodePoints`` code points.
    public mutating func characterCount(of text: some StringProtocol, _ field: String) -> Int? {
        guard let count = CharacterCount.of(text) else {
            fail(field, CharacterCount.message)
            return nil
        }
        return count
    }

    /// True when `text` has at most `maxLength` characters, none stacking more than
    /// ``CharacterCount/maxCodePoints`` code points; otherwise records why for `field`.
    public mutating func fits(_ text: some StringProtocol, _ field: String, maxLength: Int) -> Bool {
        guard let count = characterCount(of: text, field) else { return false }
        guard count <= maxLength else {
            fail(field, "must be at most \(maxLength) characters (got \(count))")
            return false
        }
        return true
    }
}
