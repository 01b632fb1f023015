import Foundation
import PlatformAPI

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
