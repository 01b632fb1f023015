import Foundation
import PlatformAPI

/// The marker type of ``PantryItemID``.
public enum PantryItemEntity {}
/// A pantry item's id: `{id}` of the pantry routes.
public typealias PantryItemID = TypedID<PantryItemEntity>

extension PantryItemEntity: NamedEntity {
    public static var entityName: String { "Pantry item" }
    public static var notFoundCode: String { "pantry_item_not_found" }
}

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

/// `GET /pantry`'s answer: the caller's pantry by aisle, then name.
public struct PantryList: Codable, Sendable, Equatable {
    public var items: [PantryItem]
    public init(items: [PantryItem]) { self.items = items }
}

/// The body of `POST /pantry` and `PUT /pantry/{id}`: a name, optionally a quantity in a unit and
/// an aisle (guessed from the name when absent).
public struct PantryItemInput: Codable, Sendable, Equatable {
    public var name: String?
    public var quantity: Double?
    public var unit: String?
    public var aisle: String?

    public init(name: String?, quantity: Double? = nil, unit: String? = nil, aisle: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
    }

    /// The seed's quick units, as the pantry screen offers them; any other unit is accepted too.
    public static let quickUnits = ["pieces", "grams", "kg", "ounces", "pounds", "ml", "liters", "tsp", "tbsp", "cups"]

    /// A checked pantry item.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var quantity: Double?
        public var unit: String?
        public var aisle: GroceryAisle?
    }

    /// The line's rules (``GroceryItemInput/check(_:_:_:)``) and `aisle` one of ``GroceryAisle`` when given.
    public static func check(_ input: PantryItemInput) -> Checked<Entry> {
        var v = Validator()
        let line = GroceryItemInput.check(GroceryItemInput(name: input.name, quantity: input.quantity, unit: input.unit), "", &v)
        let aisle = input.aisle.flatMap { v.requireEnum($0, "aisle", as: GroceryAisle.self) }
        return .from(v) { line.map { Entry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: aisle) } }
    }
}
