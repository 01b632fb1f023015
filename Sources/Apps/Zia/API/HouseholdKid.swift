import Foundation
import PlatformAPI

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
