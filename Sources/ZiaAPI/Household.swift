import Foundation
import PlatformAPI

/// One adult of a household. A household always has at least one: the user, "Me", a parent.
public struct HouseholdAdult: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, age, role }
    public var name: String
    public var age: Int?
    public var role: AdultRole

    public init(name: String, age: Int? = nil, role: AdultRole = .parent) {
        self.name = name
        self.age = age
        self.role = role
    }

    /// The adult a new household starts with (seed step 31).
    public static let me = HouseholdAdult(name: "Me", role: .parent)

    /// The name of the adult at `index` when none is given: "Me", then "Adult 2", "Adult 3"…
    public static func defaultName(at index: Int) -> String { index == 0 ? "Me" : "Adult \(index + 1)" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeNullable(age, forKey: .age, in: encoder)
        try container.encode(role, forKey: .role)
    }
}

/// What an adult is to the household's kids.
public enum AdultRole: String, Codable, Sendable, CaseIterable {
    case parent, guardian, grandparent, caregiver, other
}

/// One kid of a household: a name, an age in whole years (0–17) and what they must not eat.
public struct HouseholdKid: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, age, dietaryRestrictions = "dietary_restrictions" }
    public var name: String
    public var age: Int
    public var dietaryRestrictions: [String]

    public init(name: String, age: Int, dietaryRestrictions: [String] = []) {
        self.name = name
        self.age = age
        self.dietaryRestrictions = dietaryRestrictions
    }

    /// The name of the kid at `index` when none is given (the legacy `kidsAges` has none): "Child 1"…
    public static func defaultName(at index: Int) -> String { "Child \(index + 1)" }
}

/// When the household's kids go to bed and wake, and how long the wind-down before bed is.
public struct BedtimePreferences: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case bedtime, wakeTime = "wake_time", windDownMinutes = "wind_down_minutes", notes }
    /// `HH:MM`, 24-hour clock, in the user's time zone.
    public var bedtime: String?
    public var wakeTime: String?
    public var windDownMinutes: Int?
    public var notes: String?

    public init(bedtime: String? = nil, wakeTime: String? = nil, windDownMinutes: Int? = nil, notes: String? = nil) {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.windDownMinutes = windDownMinutes
        self.notes = notes
    }

    /// Every field, unset ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(bedtime, forKey: .bedtime, in: encoder)
        try container.encodeNullable(wakeTime, forKey: .wakeTime, in: encoder)
        try container.encodeNullable(windDownMinutes, forKey: .windDownMinutes, in: encoder)
        try container.encodeNullable(notes, forKey: .notes, in: encoder)
    }
}

/// A household profile in its one normalised shape (seed step 31): what the agents plan for, the
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

/// A user's household as `GET /households/by_user/{user_id}` and `POST /households/upsert` answer
/// it: the owner's `user_id` beside the profile's fields, and how Zia reads its food rules
/// (`food_rules`, read-only: an upsert ignores it).
public struct Household: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case userID = "user_id", foodRules = "food_rules" }
    public var userID: UserID
    public var profile: HouseholdProfile
    public var foodRules: FoodRules?

    public init(userID: UserID, profile: HouseholdProfile, foodRules: FoodRules? = nil) {
        self.userID = userID
        self.profile = profile
        self.foodRules = foodRules
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(UserID.self, forKey: .userID)
        foodRules = try container.decodeIfPresent(FoodRules.self, forKey: .foodRules)
        profile = try HouseholdProfile(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(userID, forKey: .userID)
        try container.encodeIfPresent(foodRules, forKey: .foodRules)
        try profile.encode(to: encoder)
    }
}

/// Text compared as people compare names of foods: without regard to letter case.
public enum CaseInsensitiveText {
    /// `texts` without later repeats of an earlier one, ignoring case; the first spelling is kept.
    public static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0.lowercased()).inserted }
    }
}

/// The owner named by `GET /households/by_user/{user_id}`: any user id parses, and any but the
/// caller's is the 404 `household_not_found`, exactly as a missing household would be.
public struct HouseholdOwner: PathParameter, Hashable {
    public let userID: UserID

    public init(_ userID: UserID) { self.userID = userID }
    public init?(pathComponent: String) {
        guard let id = UserID(pathComponent) else { return nil }
        userID = id
    }
    public var pathComponent: String { userID.description }
    public static var notFoundName: String { "Household" }
    public static var notFoundCode: String { "household_not_found" }
}
