import Foundation
import PlatformAPI

/// A gift idea as the API returns it (docs/vibekeeper.md, "API"), with the review and duplicate
/// markers of captures.
public struct GiftIdea: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, recipientId = "recipient_id", recipientName = "recipient_name", idea, occasion, date, tags, budgetAmount = "budget_amount",
            budgetCurrency = "budget_currency", budgetRangeMin = "budget_range_min", budgetRangeMax = "budget_range_max", status, notes,
            mediaAssets = "media_assets", needsReview = "needs_review", confidence, duplicateOf = "duplicate_of", createdAt = "created_at",
            updatedAt = "updated_at"
    }
    public var id: GiftIdeaID
    public var recipientId: ContactID?
    public var recipientName: String?
    public var idea: String
    public var occasion: String?
    public var date: LocalDate?
    public var tags: [String]
    public var budgetAmount: Double?
    public var budgetCurrency: String
    public var budgetRangeMin: Double?
    public var budgetRangeMax: Double?
    public var status: GiftIdeaStatus
    public var notes: String?
    public var mediaAssets: [MediaAsset]
    /// True for a capture the extractor was not sure of; it waits in `GET /capture/review`.
    public var needsReview: Bool
    /// How sure the extraction was (0…1); nil for ideas typed in directly.
    public var confidence: Double?
    /// Set when a capture matched this existing idea instead of creating a second one.
    public var duplicateOf: GiftIdeaID?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: GiftIdeaID, recipientId: ContactID? = nil, recipientName: String? = nil, idea: String, occasion: String? = nil, date: LocalDate? = nil,
        tags: [String] = [], budgetAmount: Double? = nil, budgetCurrency: String = "USD", budgetRangeMin: Double? = nil, budgetRangeMax: Double? = nil,
        status: GiftIdeaStatus = .idea, notes: String? = nil, mediaAssets: [MediaAsset] = [], needsReview: Bool = false, confidence: Double? = nil,
        duplicateOf: GiftIdeaID? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.recipientId = recipientId
        self.recipientName = recipientName
        self.idea = idea
        self.occasion = occasion
        self.date = date
        self.tags = tags
        self.budgetAmount = budgetAmount
        self.budgetCurrency = budgetCurrency
        self.budgetRangeMin = budgetRangeMin
        self.budgetRangeMax = budgetRangeMax
        self.status = status
        self.notes = notes
        self.mediaAssets = mediaAssets
        self.needsReview = needsReview
        self.confidence = confidence
        self.duplicateOf = duplicateOf
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Absent values are sent as `null`, so clients always see every field.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeNullable(recipientId, forKey: .recipientId, in: encoder)
        try c.encodeNullable(recipientName, forKey: .recipientName, in: encoder)
        try c.encode(idea, forKey: .idea)
        try c.encodeNullable(occasion, forKey: .occasion, in: encoder)
        try c.encodeNullable(date, forKey: .date, in: encoder)
        try c.encode(tags, forKey: .tags)
        try c.encodeNullable(budgetAmount, forKey: .budgetAmount, in: encoder)
        try c.encode(budgetCurrency, forKey: .budgetCurrency)
        try c.encodeNullable(budgetRangeMin, forKey: .budgetRangeMin, in: encoder)
        try c.encodeNullable(budgetRangeMax, forKey: .budgetRangeMax, in: encoder)
        try c.encode(status, forKey: .status)
        try c.encodeNullable(notes, forKey: .notes, in: encoder)
        try c.encode(mediaAssets, forKey: .mediaAssets)
        try c.encode(needsReview, forKey: .needsReview)
        try c.encodeNullable(confidence, forKey: .confidence, in: encoder)
        try c.encodeNullable(duplicateOf, forKey: .duplicateOf, in: encoder)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}
