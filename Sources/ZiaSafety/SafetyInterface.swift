import Foundation
import ZiaAPI

// PLACEHOLDER — replaced by the safety engineer's implementation (same signatures).

/// The policy domain a goal is checked in (the seed's `domains:` keys).
public enum SafetyDomain: String, Sendable, CaseIterable {
    case meals, routines, chores, generic
}

/// The result of checking a goal before any model call.
public enum Precheck: Sendable, Equatable {
    /// Go on with the goal as redacted; `caveat` (consult-your-pediatrician) goes with the answer.
    case allowed(goal: String, caveat: String?)
    case refused(AssistRefusal)
}

/// One ingredient that carries an allergen the household must avoid.
public struct AllergenViolation: Sendable, Equatable {
    public var ingredient: String
    /// The canonical allergen (`peanut`, `milk`, `gluten`, …, or `honey`/`whole nuts` for infants).
    public var allergen: String

    public init(ingredient: String, allergen: String) {
        self.ingredient = ingredient
        self.allergen = allergen
    }
}

/// Screens goals and answers: PII, the policy's disallowed content, age gates, sensitive topics.
public struct SafetyScreen: Sendable {
    public init() {}
    public func precheck(goal: String, domain: SafetyDomain, kidAges: [Int]) -> Precheck { .allowed(goal: goal, caveat: nil) }
    /// An answer with PII redacted.
    public func postcheck(_ text: String) -> String { text }
}

/// The deterministic allergen check of a household: reads every ingredient.
public struct AllergenCheck: Sendable {
    let allergies: [String]
    public init(allergies: [String], kidAges: [Int]) { self.allergies = allergies.map { $0.lowercased() } }
    public var isEmpty: Bool { allergies.isEmpty }
    public func violations(inIngredient name: String) -> [AllergenViolation] {
        allergies.filter { name.lowercased().contains($0) }.map { AllergenViolation(ingredient: name, allergen: $0) }
    }
    public func violations(in recipe: Recipe) -> [AllergenViolation] { recipe.ingredients.flatMap { violations(inIngredient: $0.name) } }
    public func isSafe(_ recipe: Recipe) -> Bool { violations(in: recipe).isEmpty }
}
