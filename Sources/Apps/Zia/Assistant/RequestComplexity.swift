import AIProviders
import Foundation
import ZiaAPI

/// How demanding a request is, from its goal and context: long goals, several constraints or an
/// ongoing conversation are complex; a short plain ask is simple.
public enum RequestComplexity: String, Sendable {
    case simple, complex

    /// Words that add a constraint the answer must balance.
    static let constraintWords: Set<String> = [
        "and", "but", "without", "except", "budget", "cheap", "quick", "healthy", "vegetarian", "vegan", "low", "high", "free", "each", "every", "different",
        "balanced", "picky", "allergy", "allergies", "also", "while", "protein",
    ]

    public static func assess(goal: String, history: [ChatMessage]) -> RequestComplexity {
        let words = IntentClassifier.words(goal)
        let constraints = words.filter(constraintWords.contains).count + goal.filter { $0 == "," || $0 == ";" }.count
        return words.count >= 20 || constraints >= 2 || history.count >= 2 ? .complex : .simple
    }
}
