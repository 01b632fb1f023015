import Foundation

/// A recommendation the user saved for later (docs/knot.md, "Client SDK and `knot` CLI":
/// "Save", and "No, save for later" after a handoff), kept whole so it can be shown
/// without the network.
public struct SavedRecommendation: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case recommendation, savedAt = "saved_at" }
    public var recommendation: Recommendation
    public var savedAt: Date

    public var id: RecommendationID { recommendation.id }

    public init(recommendation: Recommendation, savedAt: Date) {
        self.recommendation = recommendation
        self.savedAt = savedAt
    }
}

extension SavedRecommendation {
    /// Most recently saved first; ties by ID, so the order is stable.
    static func newestFirst(_ a: SavedRecommendation, _ b: SavedRecommendation) -> Bool {
        a.savedAt != b.savedAt ? a.savedAt > b.savedAt : a.id.description < b.id.description
    }
}
