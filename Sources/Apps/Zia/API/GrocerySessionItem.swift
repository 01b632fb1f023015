import Foundation
import PlatformAPI

/// One item of a shopping session: a line of the list with whether it is in the cart or skipped.
public struct GrocerySessionItem: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var quantity: Double?
    public var unit: String?
    public var aisle: GroceryAisle
    public var checked: Bool
    public var skipped: Bool

    public init(id: UUID, name: String, quantity: Double?, unit: String?, aisle: GroceryAisle, checked: Bool, skipped: Bool) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
        self.checked = checked
        self.skipped = skipped
    }

    enum CodingKeys: String, CodingKey { case id, name, quantity, unit, aisle, checked, skipped }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercasedString, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(unit, forKey: .unit)
        try container.encode(aisle, forKey: .aisle)
        try container.encode(checked, forKey: .checked)
        try container.encode(skipped, forKey: .skipped)
    }
}
