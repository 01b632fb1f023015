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
    /// Where an experience or date takes place (seed 000 `LocationData`); null for gifts.
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

/// Where an experience or date takes place: the venue's city, region and country as far as the
/// source knows them (the offline catalog uses the vault's location).
public struct RecommendationLocation: Codable, Sendable, Equatable {
    public var city: String?
    public var state: String?
    public var country: String?

    public init(city: String?, state: String? = nil, country: String? = nil) {
        self.city = city
        self.state = state
        self.country = country
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeNullable(city, forKey: .city, in: encoder)
        try c.encodeNullable(state, forKey: .state, in: encoder)
        try c.encodeNullable(country, forKey: .country, in: encoder)
    }
}

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

/// A recorded piece of feedback (`POST /recommendations/{id}/feedback` → 201).
public struct FeedbackRecord: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, recommendationId = "recommendation_id", action, rating, feedbackText = "feedback_text", createdAt = "created_at" }
    public var id: String
    public var recommendationId: RecommendationID
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?
    public var createdAt: Date

    public init(id: String, recommendationId: RecommendationID, action: FeedbackAction, rating: Int?, feedbackText: String?, createdAt: Date) {
        self.id = id
        self.recommendationId = recommendationId
        self.action = action
        self.rating = rating
        self.feedbackText = feedbackText
        self.createdAt = createdAt
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(recommendationId, forKey: .recommendationId)
        try c.encode(action, forKey: .action)
        try c.encodeNullable(rating, forKey: .rating, in: encoder)
        try c.encodeNullable(feedbackText, forKey: .feedbackText, in: encoder)
        try c.encode(createdAt, forKey: .createdAt)
    }
}

/// Per-user multipliers learned from feedback (seed 000 decisions 136–143; `POST /feedback/analyze`);
/// missing keys are 1.0, neutral. The server's scoring uses the same value.
public struct LearnedWeights: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case interests, vibes, loveLanguages = "love_languages", types, feedbackCount = "feedback_count" }
    public var interests: [String: Double]
    public var vibes: [String: Double]
    public var loveLanguages: [String: Double]
    public var types: [String: Double]
    /// How many pieces of feedback the weights were learned from.
    public var feedbackCount: Int

    public init(interests: [String: Double] = [:], vibes: [String: Double] = [:], loveLanguages: [String: Double] = [:], types: [String: Double] = [:], feedbackCount: Int = 0) {
        self.interests = interests
        self.vibes = vibes
        self.loveLanguages = loveLanguages
        self.types = types
        self.feedbackCount = feedbackCount
    }

    /// No preference learned yet.
    public static let neutral = LearnedWeights()
}

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

/// The body of `POST /recommendations/{id}/feedback` (`rating` 1–5 is required for `.rated`).
public struct FeedbackRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case action, rating, feedbackText = "feedback_text" }
    public var action: FeedbackAction
    public var rating: Int?
    public var feedbackText: String?

    public init(action: FeedbackAction, rating: Int? = nil, feedbackText: String? = nil) {
        self.action = action
        self.rating = rating
        self.feedbackText = feedbackText
    }
}
