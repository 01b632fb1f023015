import PlatformAPI
import Testing

/// The platform's bound on code points per character (``CharacterCount``), through the Validator
/// every app's text rules use: 32 code points in one character pass, 33 do not, real characters
/// (emoji families with skin tones, accented names) are far below it.
@Suite("Code points per character")
struct CharacterCountTests {
    static func letter(marks: Int) -> String { "e" + String(repeating: "\u{301}", count: marks) }

    @Test("a character of 32 code points passes, 33 is refused with the rule's message, by requireText and optionalText alike")
    func bound() {
        var v = Validator()
        #expect(v.requireText(Self.letter(marks: 31), "name", maxLength: 1) == Self.letter(marks: 31))
        #expect(v.optionalText("Ana " + Self.letter(marks: 31), "notes", maxLength: 5) != nil)
        #expect(v.isValid)
        #expect(v.requireText(Self.letter(marks: 32), "name", maxLength: 100) == nil)
        #expect(v.optionalText("Ana " + Self.letter(marks: 32) + " Bo", "notes", maxLength: 100) == nil)
        #expect(v.errors == [FieldError(field: "name", message: CharacterCount.message), FieldError(field: "notes", message: CharacterCount.message)])
        #expect(CharacterCount.message == "must not stack more than 32 code points in one character")
        #expect(CharacterCount.of(Self.letter(marks: 50_000)) == nil)
        #expect(CharacterCount.of("a" + Self.letter(marks: 31) + "b") == 3)
        #expect(CharacterCount.of("") == 0)
        #expect(CharacterCount.of("ab\(Self.letter(marks: 31))cd".dropFirst()) == 4, "substrings count the same way")
    }

    @Test("real characters pass: a family with skin tones, flags, 60 accented letters")
    func realCharacters() {
        // Man, woman, girl, boy, each with a skin tone, joined: 11 code points, one character.
        let family = "👨🏻‍👩🏽‍👧🏾‍👦🏿"
        #expect(family.count == 1 && family.unicodeScalars.count == 11)
        let name = String(repeating: "a\u{301}\u{327}", count: 60)
        var v = Validator()
        #expect(v.requireText(String(repeating: family, count: 60), "name", maxLength: 60) != nil)
        #expect(v.requireText("🇳🇿🏴󠁧󠁢󠁳󠁣󠁴󠁿", "flags", maxLength: 2) != nil)
        #expect(v.requireText(name, "name", maxLength: 60) == name)
        #expect(v.isValid, "\(v.errors)")
        #expect(v.requireText(name + "a", "name", maxLength: 60) == nil)
        #expect(v.errors == [FieldError(field: "name", message: "must be at most 60 characters (got 61)")])
    }
}
