import Foundation

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
