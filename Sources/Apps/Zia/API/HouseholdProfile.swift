import Foundation
import PlatformAPI

/// A household profile in its one normalised shape (docs/zia.md, "Household profile"): what the agents plan for, the
/// body of `POST /households/upsert` (which also reads the legacy shape, ``Input``) and, with the
/// owner, the answer of `GET /households/by_user/{user_id}`.
public struct HouseholdProfile: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case adults, kids, allergies, cuisines, bedtimePreferences = "bedtime_preferences", onboardingCompleted = "onboarding_completed",
            onboardingVersion = "onboarding_version"
    }
    public var adults: [HouseholdAdult]
    public var kids: [HouseholdKid]
    public var allergies: [String]
    public var cuisines: [String]
    public var bedtimePreferences: BedtimePreferences
    public var onboardingCompleted: Bool
    public var onboardingVersion: Int

    public init(
        adults: [HouseholdAdult] = [.me], kids: [HouseholdKid] = [], allergies: [String] = [], cuisines: [String] = [],
        bedtimePreferences: BedtimePreferences = BedtimePreferences(), onboardingCompleted: Bool = false, onboardingVersion: Int = 0
    ) {
        self.adults = adults
        self.kids = kids
        self.allergies = allergies
        self.cuisines = cuisines
        self.bedtimePreferences = bedtimePreferences
        self.onboardingCompleted = onboardingCompleted
        self.onboardingVersion = onboardingVersion
    }

    /// The profile of a user who has stored none: one adult "Me" (a parent), nothing else, onboarding
    /// not completed, version 0.
    public static let defaults = HouseholdProfile()

    /// What every meal must be safe for: the household's allergies and every kid's dietary
    /// restrictions, once each (compared case-insensitively; the first spelling kept).
    public var safetyAllergies: [String] { Self.safetyAllergies(allergies: allergies, kids: kids) }

    /// ``safetyAllergies`` of any allergies and kids.
    public static func safetyAllergies(allergies: [String], kids: [HouseholdKid]) -> [String] {
        CaseInsensitiveText.unique(allergies + kids.flatMap(\.dietaryRestrictions))
    }
}
