import Foundation

/// A selected recommendation the app is waiting to ask about, as kept on the device.
public struct TrackedSelection: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case recommendationId = "recommendation_id", title, recommendationType = "recommendation_type", selectedAt = "selected_at", purchasedAt = "purchased_at",
            closedAt = "closed_at"
    }
    public var recommendationId: RecommendationID
    public var title: String
    public var recommendationType: RecommendationType
    public var selectedAt: Date
    public var purchasedAt: Date?
    /// When the prompt was answered or dismissed: it never comes back.
    public var closedAt: Date?

    public init(recommendationId: RecommendationID, title: String, recommendationType: RecommendationType, selectedAt: Date, purchasedAt: Date? = nil, closedAt: Date? = nil) {
        self.recommendationId = recommendationId
        self.title = title
        self.recommendationType = recommendationType
        self.selectedAt = selectedAt
        self.purchasedAt = purchasedAt
        self.closedAt = closedAt
    }
}
