import Foundation

/// The recommendations stored for one milestone (`GET /recommendations/by-milestone/{id}`).
public struct MilestoneRecommendations: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case recommendations, count, milestoneId = "milestone_id" }
    public var recommendations: [Recommendation]
    public var count: Int
    public var milestoneId: MilestoneID

    public init(recommendations: [Recommendation], count: Int, milestoneId: MilestoneID) {
        self.recommendations = recommendations
        self.count = count
        self.milestoneId = milestoneId
    }
}
