import Foundation

/// A stored partner milestone as `GET /vault` returns it (and the server keeps it).
public struct Milestone: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence, budgetTier = "budget_tier"
        case notificationsEnabled = "notifications_enabled"
    }
    public var id: MilestoneID
    public var milestoneType: MilestoneType
    public var milestoneName: String
    /// `YYYY-MM-DD`; yearly milestones carry the placeholder year 2000 (seed 000 decision 28).
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType
    /// Whether this milestone triggers reminders (seed P:1194 "choose which milestones trigger
    /// notifications"); changed with `PUT /milestones/{id}/notifications`, kept by vault edits.
    public var notificationsEnabled: Bool

    public init(
        id: MilestoneID, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence, budgetTier: OccasionType,
        notificationsEnabled: Bool = true
    ) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
        self.notificationsEnabled = notificationsEnabled
    }

    /// Servers that predate per-milestone reminders omit `notifications_enabled`: it reads as true.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(MilestoneID.self, forKey: .id)
        milestoneType = try c.decode(MilestoneType.self, forKey: .milestoneType)
        milestoneName = try c.decode(String.self, forKey: .milestoneName)
        milestoneDate = try c.decode(String.self, forKey: .milestoneDate)
        recurrence = try c.decode(Recurrence.self, forKey: .recurrence)
        budgetTier = try c.decode(OccasionType.self, forKey: .budgetTier)
        notificationsEnabled = try c.decodeIfPresent(Bool.self, forKey: .notificationsEnabled) ?? true
    }
}

/// The body of `PUT /milestones/{id}/notifications`, and its answer: whether the milestone triggers
/// reminders. Turning it off cancels the milestone's pending reminders; turning it on schedules them.
public struct MilestoneReminderSetting: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case milestoneId = "milestone_id", notificationsEnabled = "notifications_enabled" }
    public var milestoneId: MilestoneID?
    public var notificationsEnabled: Bool

    public init(milestoneId: MilestoneID? = nil, notificationsEnabled: Bool) {
        self.milestoneId = milestoneId
        self.notificationsEnabled = notificationsEnabled
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = MilestoneReminderSetting.CodingKeys
        public var milestoneId: String?
        public var notificationsEnabled: Bool?

        public init(notificationsEnabled: Bool? = nil) { self.notificationsEnabled = notificationsEnabled }
    }

    /// `notifications_enabled` is required.
    public static func check(_ input: Input) -> Checked<Bool> {
        var v = Validator()
        v.check(input.notificationsEnabled != nil, "notifications_enabled", "is required (true or false)")
        return .from(v) { input.notificationsEnabled }
    }
}

/// A budget range in minor units (cents) of `currency` for one occasion type.
public struct Budget: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case occasionType = "occasion_type", minAmount = "min_amount", maxAmount = "max_amount", currency }
    public var occasionType: OccasionType
    public var minAmount: Int
    public var maxAmount: Int
    public var currency: String

    public init(occasionType: OccasionType, minAmount: Int, maxAmount: Int, currency: String = "USD") {
        self.occasionType = occasionType
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.currency = currency
    }
}

/// The partner's primary and (different) secondary love language.
public struct LoveLanguages: Codable, Sendable, Equatable {
    public var primary: LoveLanguage
    public var secondary: LoveLanguage

    public init(primary: LoveLanguage, secondary: LoveLanguage) {
        self.primary = primary
        self.secondary = secondary
    }
}

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

/// A milestone as a client sends it: no ID on create, an existing ID on edit; the budget tier may
/// be left to the server's default except for custom milestones.
public struct MilestoneDraft: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, milestoneType = "milestone_type", milestoneName = "milestone_name", milestoneDate = "milestone_date", recurrence, budgetTier = "budget_tier"
    }
    public var id: MilestoneID?
    public var milestoneType: MilestoneType
    public var milestoneName: String
    public var milestoneDate: String
    public var recurrence: Recurrence
    public var budgetTier: OccasionType?

    public init(
        id: MilestoneID? = nil, milestoneType: MilestoneType, milestoneName: String, milestoneDate: String, recurrence: Recurrence = .yearly, budgetTier: OccasionType? = nil
    ) {
        self.id = id
        self.milestoneType = milestoneType
        self.milestoneName = milestoneName
        self.milestoneDate = milestoneDate
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }
}

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
