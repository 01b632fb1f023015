import Foundation

/// The body of `POST`/`PUT /vault` as it arrives: ``VaultDraft``'s keys (the same `CodingKeys`), every
/// field optional and untyped, so ``VaultRules`` can report every missing or wrong field at once
/// instead of stopping at the first. The server decodes it; the SDK builds it from a draft to run the
/// same rules before sending.
public struct VaultInput: Codable, Sendable, Equatable {
    typealias CodingKeys = VaultDraft.CodingKeys
    /// A milestone as it arrives (``MilestoneDraft``'s keys).
    public struct MilestoneInput: Codable, Sendable, Equatable {
        typealias CodingKeys = MilestoneDraft.CodingKeys
        public var id: String?
        public var milestoneType: String?
        public var milestoneName: String?
        public var milestoneDate: String?
        public var recurrence: String?
        public var budgetTier: String?
    }

    /// A budget as it arrives (``Budget``'s keys).
    public struct BudgetInput: Codable, Sendable, Equatable {
        typealias CodingKeys = Budget.CodingKeys
        public var occasionType: String?
        public var minAmount: Int?
        public var maxAmount: Int?
        public var currency: String?
    }

    /// The love languages as they arrive (``LoveLanguages``' keys).
    public struct LoveLanguagesInput: Codable, Sendable, Equatable {
        public var primary: String?
        public var secondary: String?
    }

    public var partnerName: String?
    public var relationshipTenureMonths: Int?
    public var cohabitationStatus: String?
    public var locationCity: String?
    public var locationState: String?
    public var locationCountry: String?
    public var interests: [String]?
    public var dislikes: [String]?
    public var milestones: [MilestoneInput]?
    public var vibes: [String]?
    public var budgets: [BudgetInput]?
    public var loveLanguages: LoveLanguagesInput?

    public init() {}

    /// The input a well-formed draft makes (what the SDK sends, read the way the server reads it).
    public init(_ draft: VaultDraft) {
        partnerName = draft.partnerName
        relationshipTenureMonths = draft.relationshipTenureMonths
        cohabitationStatus = draft.cohabitationStatus?.rawValue
        locationCity = draft.locationCity
        locationState = draft.locationState
        locationCountry = draft.locationCountry
        interests = draft.interests
        dislikes = draft.dislikes
        milestones = draft.milestones.map {
            MilestoneInput(
                id: $0.id?.description, milestoneType: $0.milestoneType.rawValue, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate,
                recurrence: $0.recurrence.rawValue, budgetTier: $0.budgetTier?.rawValue)
        }
        vibes = draft.vibes.map(\.rawValue)
        budgets = draft.budgets.map { BudgetInput(occasionType: $0.occasionType.rawValue, minAmount: $0.minAmount, maxAmount: $0.maxAmount, currency: $0.currency) }
        loveLanguages = LoveLanguagesInput(primary: draft.loveLanguages.primary.rawValue, secondary: draft.loveLanguages.secondary.rawValue)
    }
}
