import Foundation

/// Three picks from `generate` or `refresh`; absent optional fields are omitted.
public struct RecommendationBatch: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case recommendations, count, milestoneId = "milestone_id", occasionType = "occasion_type", rejectionReason = "rejection_reason", warning }
    public var recommendations: [Recommendation]
    public var count: Int
    public var milestoneId: MilestoneID?
    public var occasionType: OccasionType
    public var rejectionReason: RejectionReason?
    public var warning: String?

    public init(
        recommendations: [Recommendation], count: Int, milestoneId: MilestoneID? = nil, occasionType: OccasionType, rejectionReason: RejectionReason? = nil, warning: String? = nil
    ) {
        self.recommendations = recommendations
        self.count = count
        self.milestoneId = milestoneId
        self.occasionType = occasionType
        self.rejectionReason = rejectionReason
        self.warning = warning
    }
}
