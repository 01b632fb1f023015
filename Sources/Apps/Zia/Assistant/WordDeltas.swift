import AIProviders
import Foundation
import ZiaAPI

/// Text cut into the deltas a model streams: each word with the spaces or line break after it.
enum WordDeltas {
    static func split(_ text: String) -> [String] {
        var deltas: [String] = []
        var current = ""
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                inSpace = true
            } else if inSpace {
                deltas.append(current)
                current = ""
                inSpace = false
            }
            current.append(character)
        }
        if !current.isEmpty { deltas.append(current) }
        return deltas
    }
}
