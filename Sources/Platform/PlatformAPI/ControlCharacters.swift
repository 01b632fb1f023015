/// The one rule for control characters in text a client sends: C0 controls (U+0000–U+001F) other
/// than tab, line feed and carriage return, and DEL (U+007F), are refused everywhere. They exist
/// because databases disagree about them — SQLite's `length()` stops at NUL and its text may be
/// truncated there on the way back, PostgreSQL rejects NUL outright — so a request that carried one
/// could be answered with one value and stored as another. ``StrictJSON`` applies the rule to every
/// string of every request body, ``Validator`` to text in query parameters.
public enum ControlCharacters {
    /// What a client is told about a field that breaks the rule.
    public static let message = "must not contain control characters (tab, line feed and carriage return are allowed)"

    /// True for a code point the rule refuses.
    @inlinable
    public static func isForbidden(_ codePoint: UInt32) -> Bool {
        (codePoint < 0x20 && codePoint != 0x09 && codePoint != 0x0A && codePoint != 0x0D) || codePoint == 0x7F
    }

    /// True when `text` contains a code point the rule refuses.
    public static func containsForbidden(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { isForbidden(UInt32($0)) }
    }
}
