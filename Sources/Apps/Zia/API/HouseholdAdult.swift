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

    /// The adult a new household starts with (docs/zia.md, "Household profile").
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
