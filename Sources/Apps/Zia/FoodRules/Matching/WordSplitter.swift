import Foundation

/// Splits text into ``Word``s: letters and digits make words; apostrophes join ("cow's" → "cows");
/// everything else — spaces, hyphens, underscores, punctuation, emoji — separates
/// ("Honey-glazed" → "honey", "glazed"; "gluten-free" → "gluten", "free"). Linear in the text.
package enum WordSplitter {
    package static func words(_ text: String) -> [Word] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var words: [Word] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if !current.isEmpty {
                words.append(Word(String(current)))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(Word(String(current))) }
        return words
    }
}
