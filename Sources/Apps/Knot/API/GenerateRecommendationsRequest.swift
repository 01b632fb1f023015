import Foundation

/// The body of `POST /recommendations/generate`.
public struct GenerateRecommendationsRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case occasionType = "occasion_type", milestoneId = "milestone_id", vibeOverride = "vibe_override", offline }
    public var occasionType: OccasionType
    public var milestoneId: MilestoneID?
    /// Vibes for this request only (1–4), instead of the vault's.
    public var vibeOverride: [Vibe]?

    /// Only the offline catalog, even when real sources are configured (default false).
    public var offline: Bool?

    public init(occasionType: OccasionType, milestoneId: MilestoneID? = nil, vibeOverride: [Vibe]? = nil, offline: Bool? = nil) {
        self.occasionType = occasionType
        self.milestoneId = milestoneId
        self.vibeOverride = vibeOverride
        self.offline = offline
    }
}
