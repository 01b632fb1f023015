import Foundation

/// One recommendation card as the API returns it. Scores go out rounded to three decimals and
/// absent values as `null`.
public struct Recommendation: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneId = "milestone_id", occasionType = "occasion_type", recommendationType = "recommendation_type", title, description
        case priceCents = "price_cents", currency, merchantName = "merchant_name", externalUrl = "external_url", imageUrl = "image_url", source
        case interestScore = "interest_score", vibeScore = "vibe_score", loveLanguageScore = "love_language_score", finalScore = "final_score"
        case informedByHints = "informed_by_hints", createdAt = "created_at", shareUrl = "share_url", location
    }
    public var id: RecommendationID
    public var milestoneId: MilestoneID?
    public var occasionType: OccasionType?
    public var recommendationType: RecommendationType
    public var title: String
    public var description: String?
    public var priceCents: Int?
    public var currency: String
    public var merchantName: String?
    public var externalUrl: String?
    public var imageUrl: String?
    public var source: String?
    public var interestScore: Double
    public var vibeScore: Double
    public var loveLanguageScore: Double
    public var finalScore: Double
    public var informedByHints: [HintID]
    public var createdAt: Date
    /// Signed server path of the public page for this recommendation (for the share sheet).
    public var shareUrl: String?
    /// Where an experience or date takes place (docs/knot.md, "API"); null for gifts.
    public var location: RecommendationLocation?

    public init(
        id: RecommendationID, milestoneId: MilestoneID? = nil, occasionType: OccasionType? = nil, recommendationType: RecommendationType, title: String, description: String? = nil,
        priceCents: Int? = nil, currency: String = "USD", merchantName: String? = nil, externalUrl: String? = nil, imageUrl: String? = nil, source: String? = nil,
        interestScore: Double = 0, vibeScore: Double = 0, loveLanguageScore: Double = 0, finalScore: Double = 0, informedByHints: [HintID] = [], createdAt: Date,
        shareUrl: String? = nil, location: RecommendationLocation? = nil
    ) {
        self.id = id
        self.location = location
        self.milestoneId = milestoneId
        self.occasionType = occasionType
        self.recommendationType = recommendationType
        self.title = title
        self.description = description
        self.priceCents = priceCents
        self.currency = currency
        self.merchantName = merchantName
        self.externalUrl = externalUrl
        self.imageUrl = imageUrl
        self.source = source
        self.interestScore = interestScore
        self.vibeScore = vibeScore
        self.loveLanguageScore = loveLanguageScore
        self.finalScore = finalScore
        self.informedByHints = informedByHints
        self.createdAt = createdAt
        self.shareUrl = shareUrl
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeNullable(milestoneId, forKey: .milestoneId, in: encoder)
        try c.encodeNullable(occasionType, forKey: .occasionType, in: encoder)
        try c.encode(recommendationType, forKey: .recommendationType)
        try c.encode(title, forKey: .title)
        try c.encodeNullable(description, forKey: .description, in: encoder)
        try c.encodeNullable(priceCents, forKey: .priceCents, in: encoder)
        try c.encode(currency, forKey: .currency)
        try c.encodeNullable(merchantName, forKey: .merchantName, in: encoder)
        try c.encodeNullable(externalUrl, forKey: .externalUrl, in: encoder)
        try c.encodeNullable(imageUrl, forKey: .imageUrl, in: encoder)
        try c.encodeNullable(source, forKey: .source, in: encoder)
        try c.encode((interestScore * 1000).rounded() / 1000, forKey: .interestScore)
        try c.encode((vibeScore * 1000).rounded() / 1000, forKey: .vibeScore)
        try c.encode((loveLanguageScore * 1000).rounded() / 1000, forKey: .loveLanguageScore)
        try c.encode((finalScore * 1000).rounded() / 1000, forKey: .finalScore)
        try c.encode(informedByHints, forKey: .informedByHints)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encodeNullable(shareUrl, forKey: .shareUrl, in: encoder)
        try c.encodeNullable(location, forKey: .location, in: encoder)
    }
}
