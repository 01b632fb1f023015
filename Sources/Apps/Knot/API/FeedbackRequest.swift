import Foundation

/// The body of `POST /recommendations/{id}/feedback` (`rating` 1–5 is required for `.rated`).
public struct FeedbackRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case action, rating, feedbackText = "feedback_text" }
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?

    public init(action: FeedbackAction, rating: Int? = nil, feedbackText: String? = nil) {
        self.action = action
        self.rating = rating
        self.feedbackText = feedbackText
    }
}
