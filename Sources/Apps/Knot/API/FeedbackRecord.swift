import Foundation

/// A recorded piece of feedback (`POST /recommendations/{id}/feedback` → 201).
public struct FeedbackRecord: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, recommendationId = "recommendation_id", action, rating, feedbackText = "feedback_text", createdAt = "created_at" }
    public var id: String
    public var recommendationId: RecommendationID
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?
    public var createdAt: Date

    public init(id: String, recommendationId: RecommendationID, action: FeedbackAction, rating: Int?, feedbackText: String?, createdAt: Date) {
        self.id = id
        self.recommendationId = recommendationId
        self.action = action
        self.rating = rating
        self.feedbackText = feedbackText
        self.createdAt = createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(recommendationId, forKey: .recommendationId)
        try c.encode(action, forKey: .action)
        try c.encodeNullable(rating, forKey: .rating, in: encoder)
        try c.encodeNullable(feedbackText, forKey: .feedbackText, in: encoder)
        try c.encode(createdAt, forKey: .createdAt)
    }
}
