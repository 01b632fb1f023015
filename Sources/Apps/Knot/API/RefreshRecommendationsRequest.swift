import Foundation

/// The body of `POST /recommendations/refresh`.
public struct RefreshRecommendationsRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case rejectedRecommendationIds = "rejected_recommendation_ids", rejectionReason = "rejection_reason", vibeOverride = "vibe_override", offline
    }
    public var rejectedRecommendationIds: [RecommendationID]
    public var rejectionReason: RejectionReason
    public var vibeOverride: [Vibe]?

    /// Only the offline catalog, even when real sources are configured (default false).
    public var offline: Bool?

    public init(rejectedRecommendationIds: [RecommendationID], rejectionReason: RejectionReason, vibeOverride: [Vibe]? = nil, offline: Bool? = nil) {
        self.rejectedRecommendationIds = rejectedRecommendationIds
        self.rejectionReason = rejectionReason
        self.vibeOverride = vibeOverride
        self.offline = offline
    }
}
