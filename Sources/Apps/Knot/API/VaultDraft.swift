import Foundation

/// The body of `POST`/`PUT /vault`: the whole partner profile, as a client sends it. (The server
/// reads the same keys leniently, every field optional, so one 422 can name every wrong field.)
public struct VaultDraft: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case partnerName = "partner_name", relationshipTenureMonths = "relationship_tenure_months", cohabitationStatus = "cohabitation_status", locationCity = "location_city",
            locationState = "location_state", locationCountry = "location_country", interests, dislikes, milestones, vibes, budgets, loveLanguages = "love_languages"
    }
    public var partnerName: String
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String?
    public var interests: [String]
    public var dislikes: [String]
    public var milestones: [MilestoneDraft]
    public var vibes: [Vibe]
    public var budgets: [Budget]
    public var loveLanguages: LoveLanguages

    public init(
        partnerName: String, relationshipTenureMonths: Int? = nil, cohabitationStatus: CohabitationStatus? = nil, locationCity: String? = nil, locationState: String? = nil,
        locationCountry: String? = nil, interests: [String], dislikes: [String], milestones: [MilestoneDraft], vibes: [Vibe], budgets: [Budget], loveLanguages: LoveLanguages
    ) {
        self.partnerName = partnerName
        self.relationshipTenureMonths = relationshipTenureMonths
        self.cohabitationStatus = cohabitationStatus
        self.locationCity = locationCity
        self.locationState = locationState
        self.locationCountry = locationCountry
        self.interests = interests
        self.dislikes = dislikes
        self.milestones = milestones
        self.vibes = vibes
        self.budgets = budgets
        self.loveLanguages = loveLanguages
    }
}
