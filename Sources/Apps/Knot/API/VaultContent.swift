import Foundation

/// The whole partner profile, as validated input (``VaultInput`` through ``VaultRules``) or as stored on the server.
public struct VaultContent: Sendable, Equatable {
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

    public init(
        partnerName: String, relationshipTenureMonths: Int?, cohabitationStatus: CohabitationStatus?, locationCity: String?, locationState: String?, locationCountry: String,
        interests: [String], dislikes: [String], milestones: [Milestone], vibes: [Vibe], budgets: [Budget], loveLanguages: LoveLanguages
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
