import Foundation
import PlatformAPI

/// Something the household has at home: what the pantry-aware lists take off a grocery list and
/// what a finished shopping trip adds to.
public struct PantryItem: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, name, quantity, unit, aisle, createdAt = "created_at", updatedAt = "updated_at" }
    public var id: PantryItemID
    public var name: String
    public var quantity: Double?
    public var unit: String?
    public var aisle: GroceryAisle
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: PantryItemID, name: String, quantity: Double?, unit: String?, aisle: GroceryAisle, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(unit, forKey: .unit)
        try container.encode(aisle, forKey: .aisle)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
