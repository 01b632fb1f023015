import Foundation

/// A grocery list grouped by aisle: each aisle's items with their summed quantities.
public struct GroceryList: Codable, Sendable, Equatable {
    /// One line of the list: a quantity and unit rounded to what a shopper buys, or both null for
    /// an item listed without one ("salt").
    public struct Item: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case name, quantity, unit }
        public var name: String
        public var quantity: Double?
        public var unit: String?

        public init(name: String, quantity: Double?, unit: String?) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(unit, forKey: .unit)
        }
    }
    /// Aisle name (``GroceryAisle``'s raw value) → items, sorted by name.
    public var aisles: [String: [Item]]

    public init(aisles: [String: [Item]] = [:]) { self.aisles = aisles }
}
