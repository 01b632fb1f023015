import Foundation

/// Knot's fixed vocabularies (seed 001 "Clarifications"), declared once: the server validates
/// against them and builds its CHECK constraints from them, the client offers exactly these choices.
public enum KnotCatalog {
    /// The 40 interest categories, in the seed's display order.
    public static let interests: [String] = [
        "Travel", "Cooking", "Movies", "Music", "Reading", "Sports", "Gaming", "Art", "Photography", "Fitness",
        "Fashion", "Technology", "Nature", "Food", "Coffee", "Wine", "Dancing", "Theater", "Concerts", "Museums",
        "Shopping", "Yoga", "Hiking", "Beach", "Pets", "Cars", "DIY", "Gardening", "Meditation", "Podcasts",
        "Baking", "Camping", "Cycling", "Running", "Swimming", "Skiing", "Surfing", "Painting", "Board Games", "Karaoke",
    ]

    /// The same list under the server's historical name.
    public static var interestCategories: [String] { interests }
    /// Each category's position in ``interests`` (the display order vaults keep them in).
    public static let interestOrder: [String: Int] = Dictionary(uniqueKeysWithValues: interests.enumerated().map { ($1, $0) })

    static let canonicalInterest: [String: String] = Dictionary(uniqueKeysWithValues: interests.map { ($0.lowercased(), $0) })

    /// The catalog spelling of `name`, matched case-insensitively, or nil when it is not a category.
    public static func interest(named name: String) -> String? {
        canonicalInterest[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// The longest hint one may save, in characters.
    public static let maxHintLength = 500
    /// From this many characters the hint counter warns (seed 000, Home screen).
    public static let hintWarningLength = 450
}

/// The 8 aesthetic vibes a vault or a one-off override may name.
public enum Vibe: String, CaseIterable, Codable, Sendable, Hashable {
    case quietLuxury = "quiet_luxury"
    case streetUrban = "street_urban"
    case outdoorsy, vintage, minimalist, bohemian, romantic, adventurous

    /// "quiet_luxury" → "Quiet Luxury", for display.
    public var displayName: String { rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
}

/// The 5 love languages; a vault has a primary and a different secondary one.
public enum LoveLanguage: String, CaseIterable, Codable, Sendable, Hashable {
    case wordsOfAffirmation = "words_of_affirmation"
    case actsOfService = "acts_of_service"
    case receivingGifts = "receiving_gifts"
    case qualityTime = "quality_time"
    case physicalTouch = "physical_touch"

    /// "quality_time" → "Quality Time", for display.
    public var displayName: String { rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
}

/// Occasion types, which are also the budget tiers of milestones.
public enum OccasionType: String, CaseIterable, Codable, Sendable, Hashable {
    case justBecause = "just_because"
    case minorOccasion = "minor_occasion"
    case majorMilestone = "major_milestone"

    /// "just_because" → "Just Because", for display.
    public var displayName: String { rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
}

/// What kind of date a milestone is; holidays named Mother's/Father's Day float (seed 000 decision 103).
public enum MilestoneType: String, CaseIterable, Codable, Sendable, Hashable {
    case birthday, anniversary, holiday, custom

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

/// Whether a milestone repeats every year or happens once.
public enum Recurrence: String, CaseIterable, Codable, Sendable, Hashable {
    case yearly
    case oneTime = "one_time"
}

/// Where the couple lives relative to each other (step 3.2).
public enum CohabitationStatus: String, CaseIterable, Codable, Sendable, Hashable {
    case livingTogether = "living_together"
    case separate
    case longDistance = "long_distance"
}

/// How a hint was captured.
public enum HintSource: String, CaseIterable, Codable, Sendable, Hashable {
    case textInput = "text_input"
    case voiceTranscription = "voice_transcription"
}

/// Gift, experience or date: the kind of a recommendation.
public enum RecommendationType: String, CaseIterable, Codable, Sendable, Hashable {
    case gift, experience, date
}

/// What a user did with a recommendation; the server learns from it.
public enum FeedbackAction: String, CaseIterable, Codable, Sendable, Hashable {
    case selected, refreshed, saved, shared, rated, handoff, purchased
}

/// The 5 reasons a user can give when asking for three different picks (seed 001 step 6.4).
public enum RejectionReason: String, CaseIterable, Codable, Sendable, Hashable {
    case tooExpensive = "too_expensive"
    case tooCheap = "too_cheap"
    case notTheirStyle = "not_their_style"
    case alreadyHaveSimilar = "already_have_similar"
    case showDifferent = "show_different"

    /// The label the refresh sheet shows.
    public var displayName: String {
        switch self {
        case .tooExpensive: "Too expensive"
        case .tooCheap: "Too cheap"
        case .notTheirStyle: "Not their style"
        case .alreadyHaveSimilar: "Already have something similar"
        case .showDifferent: "Just show me different options"
        }
    }
}
