/// The fixed vocabularies of Knot (seed 001 "Clarifications"): shared by validation, database CHECK
/// constraints and, later, the recommendation engine, so the three can never drift apart.
public enum KnotCatalog {
    /// The 40 predefined interest categories, in the seed's order.
    public static let interestCategories: [String] = [
        "Travel", "Cooking", "Movies", "Music", "Reading", "Sports", "Gaming", "Art", "Photography", "Fitness",
        "Fashion", "Technology", "Nature", "Food", "Coffee", "Wine", "Dancing", "Theater", "Concerts", "Museums",
        "Shopping", "Yoga", "Hiking", "Beach", "Pets", "Cars", "DIY", "Gardening", "Meditation", "Podcasts",
        "Baking", "Camping", "Cycling", "Running", "Swimming", "Skiing", "Surfing", "Painting", "Board Games", "Karaoke",
    ]

    static let canonicalInterest: [String: String] = Dictionary(
        uniqueKeysWithValues: interestCategories.map { ($0.lowercased(), $0) }
    )

    /// The catalog spelling of `name`, matched case-insensitively, or nil when it is not a category.
    public static func interest(named name: String) -> String? {
        canonicalInterest[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    static let interestOrder: [String: Int] = Dictionary(uniqueKeysWithValues: interestCategories.enumerated().map { ($1, $0) })

    static func sqlList(_ values: [String]) -> String {
        values.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ")
    }
}

/// The 8 aesthetic vibes.
public enum Vibe: String, CaseIterable, Codable, Sendable {
    case quietLuxury = "quiet_luxury"
    case streetUrban = "street_urban"
    case outdoorsy
    case vintage
    case minimalist
    case bohemian
    case romantic
    case adventurous
}

/// The 5 love languages; a vault names a primary and a different secondary one.
public enum LoveLanguage: String, CaseIterable, Codable, Sendable {
    case wordsOfAffirmation = "words_of_affirmation"
    case actsOfService = "acts_of_service"
    case receivingGifts = "receiving_gifts"
    case qualityTime = "quality_time"
    case physicalTouch = "physical_touch"
}

/// Occasion types, which are also the budget tiers of milestones.
public enum OccasionType: String, CaseIterable, Codable, Sendable {
    case justBecause = "just_because"
    case minorOccasion = "minor_occasion"
    case majorMilestone = "major_milestone"
}

public enum MilestoneType: String, CaseIterable, Codable, Sendable {
    case birthday, anniversary, holiday, custom
}

public enum Recurrence: String, CaseIterable, Codable, Sendable {
    case yearly
    case oneTime = "one_time"
}

public enum CohabitationStatus: String, CaseIterable, Codable, Sendable {
    case livingTogether = "living_together"
    case separate
    case longDistance = "long_distance"
}

public enum HintSource: String, CaseIterable, Codable, Sendable {
    case textInput = "text_input"
    case voiceTranscription = "voice_transcription"
}

extension MilestoneType {
    /// The budget tier a milestone gets when the client names none (seed 001 step 1.4): birthdays,
    /// anniversaries, Valentine's Day and Christmas are major; other holidays minor; custom
    /// milestones have no default (the user must choose).
    public func defaultBudgetTier(name: String) -> OccasionType? {
        switch self {
        case .birthday, .anniversary:
            return .majorMilestone
        case .holiday:
            let lowered = name.lowercased()
            return lowered.contains("valentine") || lowered.contains("christmas") ? .majorMilestone : .minorOccasion
        case .custom:
            return nil
        }
    }
}
