import Foundation
import Observation

extension OnboardingViewModel {
    /// What stops the current step, in the user's words; nil when it is complete. Each decision is
    /// the contract's ``VaultRules`` (the rules the server applies); the words are the screen's.
    public var validationMessage: String? {
        switch step {
        case .welcome: return nil
        case .basicInfo:
            if partnerName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "Enter your partner's name." }
            return problems(for: .basicInfo).first.map(Self.sentence)
        case .interests:
            return VaultRules.isCompleteSelection(interests) ? nil : "Pick exactly \(VaultLimits.categoryCount) interests (\(interestCounterText))."
        case .dislikes:
            if !VaultRules.overlap(interests: interests, dislikes: dislikes).isEmpty { return "A dislike cannot also be an interest." }
            return VaultRules.isCompleteSelection(dislikes) ? nil : "Pick exactly \(VaultLimits.categoryCount) dislikes (\(dislikeCounterText))."
        case .milestones:
            guard let birthday else { return "Add your partner's birthday." }
            if !birthday.isValid { return "The birthday is not a real date." }
            if let anniversary, !anniversary.isValid { return "The anniversary is not a real date." }
            for custom in customMilestones {
                if custom.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "Every custom milestone needs a name." }
                if !custom.date.isValid { return "\(custom.name) is not a real date." }
                if custom.recurrence == .oneTime, custom.year == nil { return "\(custom.name) happens once: give it a year." }
            }
            return problems(for: .milestones).first.map(Self.sentence)
        case .vibes:
            return VaultRules.isValidVibeSelection(Array(vibes))
                ? nil : "Pick \(VaultLimits.vibeCount.lowerBound) to \(VaultLimits.vibeCount.upperBound) vibes."
        case .budget:
            if budgets.values.contains(where: { $0.max < $0.min }) { return "Each maximum must be at least its minimum." }
            return budgets.values.allSatisfy { VaultRules.isValidBudget(min: $0.min, max: $0.max) } ? nil : problems(for: .budget).first.map(Self.sentence)
        case .loveLanguages:
            guard let primary = primaryLoveLanguage else { return "Choose their primary love language." }
            guard let secondary = secondaryLoveLanguage, VaultRules.areValidLoveLanguages(primary: primary, secondary: secondary) else {
                return "Choose a different secondary love language."
            }
            return nil
        case .completion:
            // The whole vault against every rule, as the server will check it.
            return localProblems.first.map(Self.sentence)
        }
    }

    /// Every rule the finished vault breaks, from the contract's ``VaultRules`` (none while a step is
    /// still incomplete: that step says what is missing).
    public var localProblems: [FieldError] {
        VaultRules.check(vaultInput).problems
    }

    /// The rules broken by fields the given step edits.
    func problems(for step: OnboardingStep) -> [FieldError] {
        localProblems.filter { Self.step(forField: $0.field) == step }
    }

    /// "partner_name must be at most 100 characters (got 101)" → "Partner name must be at most 100 characters (got 101)."
    static func sentence(_ problem: FieldError) -> String {
        let field = problem.field.replacingOccurrences(of: "_", with: " ")
        return (field.prefix(1).uppercased() + field.dropFirst()) + " " + problem.message + "."
    }

    /// The step that edits a vault field the server complained about.
    static func step(forField field: String) -> OnboardingStep {
        if field.hasPrefix("interests") { return .interests }
        if field.hasPrefix("dislikes") { return .dislikes }
        if field.hasPrefix("milestones") { return .milestones }
        if field.hasPrefix("vibes") { return .vibes }
        if field.hasPrefix("budgets") { return .budget }
        if field.hasPrefix("love_languages") { return .loveLanguages }
        return .basicInfo
    }
}
