import Foundation

/// One possible recommendation, normalised from any source, with the scores the pipeline assigns.
public struct Candidate: Sendable, Equatable, Identifiable {
    public var id: String
    public var source: CandidateSource
    public var type: RecommendationType
    public var title: String
    public var description: String
    public var priceCents: Int?
    public var currency: String
    public var merchant: String?
    public var city: String?
    public var state: String?
    public var country: String?
    public var externalURL: String?
    public var imageURL: String?
    /// Interest the source tagged the item with (the catalog does), the strongest interest signal.
    public var matchedInterest: String?
    /// Vibe the source tagged the item with.
    public var matchedVibe: Vibe?
    /// Vibes a model assigned through the router (`knot.vibe_classification`); nil means the
    /// keyword rules of ``KnotVibeClassifier`` decide.
    public var classifiedVibes: [Vibe]?
    /// The kind of product or outing ("camera", "cooking class"), as the source names it; nil lets
    /// ``productCategory`` derive one from the title. `already_have_similar` excludes it.
    public var category: String?
    public var interestScore = 0.0
    public var vibeScore = 0.0
    public var loveLanguageScore = 0.0
    public var finalScore = 0.0
    /// Hints whose words the item matches; they raise its score and are reported with it.
    public var informedByHints: [HintID] = []

    public init(
        id: String, source: CandidateSource, type: RecommendationType, title: String, description: String, priceCents: Int?, currency: String = "USD", merchant: String?,
        city: String? = nil, state: String? = nil, country: String? = nil, externalURL: String?, imageURL: String?, matchedInterest: String? = nil,
        matchedVibe: Vibe? = nil, category: String? = nil
    ) {
        self.state = state
        self.country = country
        self.category = category
        self.id = id
        self.source = source
        self.type = type
        self.title = title
        self.description = description
        self.priceCents = priceCents
        self.currency = currency
        self.merchant = merchant
        self.city = city
        self.externalURL = externalURL
        self.imageURL = imageURL
        self.matchedInterest = matchedInterest
        self.matchedVibe = matchedVibe
    }

    /// Title and description, lower-cased, for keyword matching.
    var searchableText: String { (title + " " + description).lowercased() }

    /// The product category refreshes compare: the source's, else derived from the title.
    public var productCategory: String { Self.productCategory(category: category, title: title) }

    /// `category` normalised (lower-cased, trimmed), or the title's head noun — its last word in
    /// singular form ("Instant film camera" → "camera", "Hiking boots" → "boot") — when there is none.
    public static func productCategory(category: String?, title: String) -> String {
        if let category = category?.trimmingCharacters(in: .whitespaces).lowercased(), !category.isEmpty { return category }
        return PipelineStages.words(title).last ?? title.lowercased()
    }
}
