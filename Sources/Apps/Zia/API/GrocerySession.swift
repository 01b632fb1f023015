import Foundation
import PlatformAPI

/// A shopping trip (docs/zia.md, "Grocery sessions"): the list's items in the user's aisle order, how many are
/// checked, and whether bought items go to the pantry when it is completed.
public struct GrocerySession: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, status, artifactID = "artifact_id", autoAddToPantry = "auto_add_to_pantry", aisleOrder = "aisle_order", items
        case itemsTotal = "items_total", itemsChecked = "items_checked", startedAt = "started_at", endedAt = "ended_at"
    }
    public var id: GrocerySessionID
    public var status: GrocerySessionStatus
    /// The meal plan the list came from, if any.
    public var artifactID: UUID?
    public var autoAddToPantry: Bool
    /// The aisles in the order this user walks them (learned from earlier trips); items follow it.
    public var aisleOrder: [GroceryAisle]
    public var items: [GrocerySessionItem]
    public var itemsTotal: Int
    public var itemsChecked: Int
    public var startedAt: Date
    public var endedAt: Date?

    public init(
        id: GrocerySessionID, status: GrocerySessionStatus, artifactID: UUID?, autoAddToPantry: Bool, aisleOrder: [GroceryAisle], items: [GrocerySessionItem],
        startedAt: Date, endedAt: Date?
    ) {
        self.id = id
        self.status = status
        self.artifactID = artifactID
        self.autoAddToPantry = autoAddToPantry
        self.aisleOrder = aisleOrder
        self.items = items
        self.itemsTotal = items.count
        self.itemsChecked = items.filter(\.checked).count
        self.startedAt = startedAt
        self.endedAt = endedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(status, forKey: .status)
        try container.encode(artifactID?.lowercasedString, forKey: .artifactID)
        try container.encode(autoAddToPantry, forKey: .autoAddToPantry)
        try container.encode(aisleOrder, forKey: .aisleOrder)
        try container.encode(items, forKey: .items)
        try container.encode(itemsTotal, forKey: .itemsTotal)
        try container.encode(itemsChecked, forKey: .itemsChecked)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
    }
}
