import Foundation

/// Helpers for reading what language models answer.
public enum ModelOutput {
    /// The text inside a Markdown code fence (```json … ```) when the answer is one, else the
    /// trimmed answer: models often wrap the JSON they were asked for.
    public static func unfenced(_ text: String) -> String {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```") {
            body = body.drop { $0 != "\n" }.trimmingCharacters(in: .whitespacesAndNewlines)
            if body.hasSuffix("```") { body = String(body.dropLast(3)).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return body
    }
}
