import Foundation

/// One word of text or of a pattern, with the spellings it may stand for, so that matching is by
/// word and inflection: "peanuts" meets "peanut", "diagnosing" meets "diagnose", "berries" meets
/// "berry" — and never by substring ("pineapple" is not "apple", "honeydew" is not "honey").
package struct Word: Sendable, Hashable {
    /// Lower-case, diacritics folded (`crème` → `creme`).
    package let text: String
    /// `text` and its candidate stems (plural `-s`/`-es`/`-ies`, `-ed`/`-d`, `-ing`), each of at least three letters.
    package let forms: Set<String>

    package init(_ text: String) {
        self.text = text
        self.forms = Self.forms(of: text)
    }

    /// Two words are the same word when one of their forms is.
    package func meets(_ other: Word) -> Bool { !forms.isDisjoint(with: other.forms) }

    private static func forms(of word: String) -> Set<String> {
        var forms: Set<String> = [word]
        func strip(_ suffix: String, adding replacement: String = "") {
            guard word.hasSuffix(suffix) else { return }
            let stem = String(word.dropLast(suffix.count)) + replacement
            if stem.count >= 3 { forms.insert(stem) }
        }
        if !word.hasSuffix("ss") { strip("s") }
        strip("es")
        strip("ies", adding: "y")
        strip("ie", adding: "y")  // "cookie" and "cookies" both meet "cooky"
        strip("ed")
        if word.hasSuffix("ed") { strip("d") }
        strip("ing")
        strip("ing", adding: "e")
        return forms
    }
}
