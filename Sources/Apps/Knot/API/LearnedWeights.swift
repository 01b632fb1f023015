import Foundation

/// Per-user multipliers learned from feedback (docs/knot.md, "How Knot picks"; `POST /feedback/analyze`);
/// missing keys are 1.0, neutral. The server's scoring uses the same value.
public struct LearnedWeights: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case interests, vibes, loveLanguages = "love_languages", types, feedbackCount = "feedback_count" }
    public var interests: [String: Double]
    public var vibes: [String: Double]
    public var loveLanguages: [String: Double]
    public var types: [String: Double]
    /// How many pieces of feedback the weights were learned from.
    public var feedbackCount: Int

    public init(interests: [String: Double] = [:], vibes: [String: Double] = [:], loveLanguages: [String: Double] = [:], types: [String: Double] = [:], feedbackCount: Int = 0) {
        self.interests = interests
        self.vibes = vibes
        self.loveLanguages = loveLanguages
        self.types = types
        self.feedbackCount = feedbackCount
    }

    /// No preference learned yet.
    public static let neutral = LearnedWeights()
}
