import Foundation

/// A stored partner vault (`GET /vault`, and the answer to `POST`/`PUT`), so what a client reads
/// it can `PUT` back unchanged (through ``draft``). Absent optional fields are sent as `null`.
public struct Vault: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case vaultId = "vault_id", partnerName = "partner_name", relationshipTenureMonths = "relationship_tenure_months"
        case cohabitationStatus = "cohabitation_status", locationCity = "location_city", locationState = "location_state"
        case locationCountry = "location_country", interests, dislikes, milestones, vibes, budgets
        case loveLanguages = "love_languages", createdAt = "created_at", updatedAt = "updated_at"
    }
    public var vaultId: VaultID
    public var partnerName: String
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: CohabitationStatus?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String
    public var interests: [String]
    public var dislikes: [String]
    public var milestones: [Milestone]
    public var vibes: [Vibe]
    public var budgets: [Budget]
    public var loveLanguages: LoveLanguages
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        vaultId: VaultID, partnerName: String, relationshipTenureMonths: Int?, cohabitationStatus: CohabitationStatus?, locationCity: String?, locationState: String?,
        locationCountry: String, interests: [String], dislikes: [String], milestones: [Milestone], vibes: [Vibe], budgets: [Budget], loveLanguages: LoveLanguages, createdAt: Date,
        updatedAt: Date
    ) {
        self.vaultId = vaultId
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
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(vaultId, forKey: .vaultId)
        try container.encode(partnerName, forKey: .partnerName)
        try container.encodeNullable(relationshipTenureMonths, forKey: .relationshipTenureMonths, in: encoder)
        try container.encodeNullable(cohabitationStatus, forKey: .cohabitationStatus, in: encoder)
        try container.encodeNullable(locationCity, forKey: .locationCity, in: encoder)
        try container.encodeNullable(locationState, forKey: .locationState, in: encoder)
        try container.encode(locationCountry, forKey: .locationCountry)
        try container.encode(interests, forKey: .interests)
        try container.encode(dislikes, forKey: .dislikes)
        try container.encode(milestones, forKey: .milestones)
        try container.encode(vibes, forKey: .vibes)
        try container.encode(budgets, forKey: .budgets)
        try container.encode(loveLanguages, forKey: .loveLanguages)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }

    /// This vault as a body for `PUT /vault`, keeping milestone IDs so the server keeps them too.
    public var draft: VaultDraft {
        VaultDraft(
            partnerName: partnerName, relationshipTenureMonths: relationshipTenureMonths, cohabitationStatus: cohabitationStatus,
            locationCity: locationCity, locationState: locationState, locationCountry: locationCountry,
            interests: interests, dislikes: dislikes,
            milestones: milestones.map {
                MilestoneDraft(
                    id: $0.id, milestoneType: $0.milestoneType, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate, recurrence: $0.recurrence,
                    budgetTier: $0.budgetTier)
            },
            vibes: vibes, budgets: budgets, loveLanguages: loveLanguages
        )
    }
}
