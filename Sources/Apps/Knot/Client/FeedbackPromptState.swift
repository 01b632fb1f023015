import Foundation

/// Everything the feedback prompts remember between launches.
public struct FeedbackPromptState: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case selections, lastReviewPromptAt = "last_review_prompt_at" }
    public var selections: [TrackedSelection]
    /// When the App Store review prompt was last shown.
    public var lastReviewPromptAt: Date?

    public init(selections: [TrackedSelection] = [], lastReviewPromptAt: Date? = nil) {
        self.selections = selections
        self.lastReviewPromptAt = lastReviewPromptAt
    }
}
