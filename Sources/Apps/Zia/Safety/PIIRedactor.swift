import Foundation

/// Replaces phone numbers, email addresses and street addresses with `[redacted]`, in a goal before
/// anything reads or stores it and in an answer before it is shown (docs/zia.md,
/// "Safety").
///
/// - **Phones**: the US pattern (with `+1` and `(555)`), and any international or national
///   number: E.164 (`+447700900123`), with spaces, dots, dashes and brackets (`+44 (0)20 7946 0958`,
///   `(11) 91234-5678`, `06.12.34.56.78`, `020 7946 0123`). A run of digit groups is a phone when it
///   holds 9–15 digits (8–15 after a `+`), at most one group of a single digit after the country
///   code, and is not a time, a decimal, a date or a row of years — so "18:30", "2 x 400 g",
///   "2024-12-02", "02.12.2024", "$12.99", "1 2 3 4 5 6 7 8 9 10" and "2019 2020 2021" stay.
/// - **Emails**: `local@domain.tld`, with letters of any script ("josé@correo.es").
/// - **Street addresses**: US and UK "12 Main Street" (a number, one or two words or up to three
///   capitalised or numbered ones, a suffix: Street/St, Road/Rd, Avenue/Ave, Lane/Ln, Drive/Dr,
///   Boulevard/Blvd, Court/Ct, Close, Crescent, Terrace, Mews; "221B Baker Street"; not "Way",
///   "Place" or "Row", so "3 in a Row" stays; nor a time or distance, so "a 20 minute drive" stays), UK postcodes ("SW1A 2AA"), a US state and ZIP after a comma
///   (", IL 62704"), French, Spanish, Italian and Portuguese forms ("10 rue de Rivoli", "Calle
///   Mayor, 5", "Via Roma 12", "Rua Augusta 12") and German and Dutch ones ("Hauptstraße 12",
///   "Schillerstr. 3", "Kerkstraat 12").
///
/// Every pattern starts only where its first character cannot extend a previous run (lookbehind)
/// and consumes runs possessively, so hostile input (10,000 letters with no `@`, digits and
/// spaces, emoji, combining marks) is redacted in linear time. Compiled once.
public enum PIIRedactor {
    /// What each match becomes.
    public static let replacement = "[redacted]"

    private static func compile(_ pattern: String) -> NSRegularExpression {
        do { return try NSRegularExpression(pattern: pattern) } catch { preconditionFailure("PIIRedactor pattern \(pattern): \(error)") }
    }

    /// Patterns whose every match is personal.
    private static let patterns: [NSRegularExpression] = [
        // Phones: the US pattern, with optional +1 and parentheses around the area code.
        #"(?<![\p{L}\p{N}+])(?:\+?1[-.\s]?)?(?:\(\d{3}\)|\b\d{3})[-.\s]?\d{3}[-.\s]?\d{4}\b"#,
        // Emails, in any script.
        #"(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]++@[\p{L}\p{N}.-]+\.\p{L}{2,}+"#,
        // Street addresses: a number, one or two words (or up to three capitalised or numbered ones), a suffix.
        #"(?<![\p{L}\p{N}])\d{1,5}+[A-Za-z]?(?!\s++(?i:minutes?|mins?|hours?|hrs?|miles?|mi|km|kilomet(?:er|re)s?|seconds?|secs?)\s++(?i:drive|dr)\b)(?:(?:\s++(?:[A-Z][A-Za-z.']*+|\d++(?:st|nd|rd|th)?+)){1,3}?|(?:\s++[A-Za-z][A-Za-z.']*+){1,2}?)\s++(?i:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Close|Crescent|Terrace|Mews)\b\.?"#,
        // UK postcodes.
        #"(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![\p{L}\p{N}])"#,
        // A US state and ZIP code after a comma.
        #"(?<=,\s)[A-Z]{2}\s\d{5}(?:-\d{4})?\b"#,
        // French, Spanish, Italian, Portuguese: the number first ("10 rue de Rivoli").
        #"(?<![\p{L}\p{N}])\d{1,5}+[a-z]?,?\s++(?i:rue|avenue|boulevard|bd|place|chemin|all[ée]e|impasse|quai|calle|avenida|via|viale|piazza|rua|travessa|largo|carrer)\s++(?:(?:de|du|des|la|le|del|della|di|da|do|dos|das|dei)\s++|[ld]['’])*+[\p{Lu}][\p{L}'’-]*+"#,
        // … or the street first ("Via Roma 12", "Calle Mayor, 5").
        #"(?<![\p{L}\p{N}])(?:Rue|Avenue|Calle|Avenida|Via|Viale|Piazza|Corso|Rua|Travessa|Largo|Carrer|Plaza|Paseo|Pla[çc]a)\s++(?:(?:de|du|des|la|le|del|della|di|da|do|dos|das|dei)\s++)*+[\p{Lu}][\p{L}'’-]*+(?:\s++[\p{Lu}][\p{L}'’-]*+)?,?\s++\d{1,4}+[a-z]?\b"#,
        // German, Dutch and Nordic compounds ("Hauptstraße 12", "Schillerstr. 3", "Kerkstraat 12").
        #"(?<![\p{L}\p{N}])\p{Lu}\p{Ll}*?(?:stra(?:ß|ss)e|str\.|weg|gasse|platz|allee|damm|ufer|straat|laan|plein|gracht|kade|singel|vej|gatan|v[äa]gen)\s++\d{1,4}+[a-z]?\b"#,
    ].map(compile)

    /// Runs of digit groups that may be a phone number; ``isPhone(_:followedBy:)`` decides.
    private static let phoneCandidate = compile(
        #"(?<![\p{L}\p{N}+.,$€£¥-])(?:\+\s?)?(?:\(\d{1,5}+\)|\d{1,15}+)(?:(?:[-.\s]|\s?\(\d{1,5}+\)\s?)\d{1,15}+)*+"#)

    /// `text` with every phone number, email and street address replaced by ``replacement``.
    public static func redact(_ text: String) -> String {
        var text = redactPhones(text)
        for pattern in patterns {
            let range = NSRange(text.startIndex..., in: text)
            guard pattern.firstMatch(in: text, range: range) != nil else { continue }
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
        }
        return text
    }

    private static func redactPhones(_ text: String) -> String {
        let whole = text as NSString
        let matches = phoneCandidate.matches(in: text, range: NSRange(location: 0, length: whole.length))
        var result = ""
        var last = 0
        for match in matches {
            let candidate = whole.substring(with: match.range)
            let after = whole.substring(from: match.range.location + match.range.length).prefix(2)
            guard isPhone(candidate, followedBy: after) else { continue }
            result += whole.substring(with: NSRange(location: last, length: match.range.location - last)) + replacement
            last = match.range.location + match.range.length
        }
        guard last > 0 else { return text }
        return result + whole.substring(from: last)
    }

    /// Whether a run of digit groups is a phone number (see the type's notes).
    static func isPhone(_ candidate: String, followedBy after: Substring) -> Bool {
        var rest = after.unicodeScalars.makeIterator()
        if let next = rest.next() {
            let second = rest.next()
            let isDigit = { (scalar: Unicode.Scalar?) in scalar.map { CharacterSet.decimalDigits.contains($0) } ?? false }
            // A time (18:30), a decimal (1.234,5), a percentage or a measure written on (400g, 30°).
            if ":.,".unicodeScalars.contains(next), isDigit(second) { return false }
            if "%°/".unicodeScalars.contains(next) || CharacterSet.letters.contains(next) { return false }
        }
        let international = candidate.hasPrefix("+")
        // The trunk "(0)" of "+44 (0)20" is not a group of its own.
        let groups = candidate.replacingOccurrences(of: "(0)", with: "").split { !$0.isNumber }.map(String.init)
        let digits = groups.reduce(0) { $0 + $1.count }
        guard (international ? 8 : 9)...15 ~= digits else { return false }
        let singles = groups.dropFirst(international ? 1 : 0).filter { $0.count == 1 }.count
        guard singles <= 1 else { return false }
        if groups.count >= 2, groups.allSatisfy({ $0.count == 4 && (1900...2099).contains(Int($0) ?? 0) }) { return false }
        // A date written with dashes or dots and a time after it is not a phone (2024-12-02 10).
        if groups.count >= 3, groups[0].count == 4, (1900...2099).contains(Int(groups[0]) ?? 0), groups[1].count <= 2, groups[2].count <= 2 { return false }
        return true
    }
}
