import Foundation

/// Replaces phone numbers, email addresses and street addresses with `[redacted]`, in a goal before
/// anything reads it and in an answer before it is shown (the seed's `PII_REGEXES`).
///
/// The seed's phone and email patterns are kept (the phone one also takes `(555) 123-4567` and a
/// leading `+1`). Its address pattern, `\b\d{1,5}\s+[A-Za-z0-9.\s]+(?:Street|St|Road|Ave)\b`, lets
/// any run of words sit between the number and the suffix, so "we have 2 kids and live near Main
/// Street" lost most of the sentence; here one or two words of any case (`12 main street`), or up to
/// three that each start with a capital letter or a digit (`42 Oak Tree Rd`, `7 N. 5th Ave`), sit
/// between them — so "3 eggs and a Street party" stays — and the suffix list is a little wider
/// (Road/Rd, Avenue/Ave, Lane/Ln, Drive/Dr, Boulevard/Blvd, Court/Ct).
///
/// Every pattern starts only where its first character cannot extend a previous run (lookbehind)
/// and consumes runs possessively, so hostile input (10,000 letters with no `@`, digits and
/// spaces, emoji, combining marks) is redacted in linear time. Compiled once.
public enum PIIRedactor {
    /// What each match becomes.
    public static let replacement = "[redacted]"

    private static let patterns: [NSRegularExpression] = [
        // Phones: the seed's, with optional +1 and parentheses around the area code.
        #"(?<![\p{L}\p{N}+])(?:\+?1[-.\s]?)?(?:\(\d{3}\)|\b\d{3})[-.\s]?\d{3}[-.\s]?\d{4}\b"#,
        // Emails: the seed's.
        #"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]++@[A-Za-z0-9.-]+\.[A-Za-z]{2,}+"#,
        // Street addresses: a number, one or two words (or up to three capitalised or numbered ones), a suffix.
        #"(?<![\p{L}\p{N}])\d{1,5}+(?:(?:\s++(?:[A-Z][A-Za-z.']*+|\d++(?:st|nd|rd|th)?+)){1,3}?|(?:\s++[A-Za-z][A-Za-z.']*+){1,2}?)\s++(?i:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct)\b\.?"#,
    ].map { pattern in
        do { return try NSRegularExpression(pattern: pattern) } catch { preconditionFailure("PIIRedactor pattern \(pattern): \(error)") }
    }

    /// `text` with every phone number, email and street address replaced by ``replacement``.
    public static func redact(_ text: String) -> String {
        var text = text
        for pattern in patterns {
            let range = NSRange(text.startIndex..., in: text)
            guard pattern.firstMatch(in: text, range: range) != nil else { continue }
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
        }
        return text
    }
}
