import Foundation
import PlatformAPI

/// One of `GET /gift-ideas/{id}/related`: another idea and its similarity (cosine, −1…1).
public struct RelatedIdea: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case similarity, giftIdea = "gift_idea" }
    public var similarity: Double
    public var giftIdea: GiftIdea

    public init(similarity: Double, giftIdea: GiftIdea) {
        self.similarity = similarity
        self.giftIdea = giftIdea
    }
}
