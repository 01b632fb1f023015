import Foundation

/// The card under a plan whose goal stated food rules the household does not hold ("my son is
/// allergic to sesame" → "sesame"): the plan already kept them; the card offers to keep them for
/// every plan by adding them to the household's allergies. Nothing is saved without the user's yes.
public struct FoodRuleSuggestion: Sendable, Equatable {
    /// The rules as the goal stated them (`final.suggested_rules`).
    public var rules: [String]
    /// Set once the user said yes and the household was saved.
    public var accepted = false
    /// Set once the user said no: the card goes away.
    public var dismissed = false

    public init(rules: [String]) { self.rules = rules }

    /// The card's suggestion from a plan, when it has one.
    public init?(_ final: AssistFinal) {
        guard let rules = final.suggestedRules, !rules.isEmpty else { return nil }
        self.init(rules: rules)
    }

    /// What the card asks.
    public var question: String { "Keep \(rules.joined(separator: ", ")) out of every plan? This adds them to your household's allergies." }
}

extension ZiaAPIClient {
    /// Adds food rules to the signed-in user's household allergies, once each ignoring case (the
    /// user said yes to a plan's suggestion): the household is read, checked by the server's rules
    /// and saved under the version read (`If-Match`), read again when another parent saved
    /// meanwhile; the saved household is returned.
    public func addFoodRules(_ rules: [String]) async throws -> Household {
        try await HouseholdSaving(api: self, rules: HouseholdProfile.check).update { profile in
            profile.allergies = CaseInsensitiveText.unique(profile.allergies + rules)
        }
    }
}
