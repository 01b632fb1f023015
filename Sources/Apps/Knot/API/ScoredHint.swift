import Foundation

/// A hint with its similarity to a search query.
public struct ScoredHint: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case id, hintText = "hint_text", source, isUsed = "is_used", createdAt = "created_at", similarity }
    public var id: HintID
    public var hintText: String
    public var source: HintSource
    public var isUsed: Bool
    public var createdAt: Date
    public var similarity: Double

    public init(id: HintID, hintText: String, source: HintSource, isUsed: Bool, createdAt: Date, similarity: Double) {
        self.id = id
        self.hintText = hintText
        self.source = source
        self.isUsed = isUsed
        self.createdAt = createdAt
        self.similarity = similarity
    }
}
