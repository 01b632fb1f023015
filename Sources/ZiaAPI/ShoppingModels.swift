import Foundation
import PlatformAPI

/// The marker type of ``GrocerySessionID``.
public enum GrocerySessionEntity {}
/// A shopping session's id: `{id}` of the grocery-session routes.
public typealias GrocerySessionID = TypedID<GrocerySessionEntity>

extension GrocerySessionEntity: NamedEntity {
    public static var entityName: String { "Grocery session" }
    public static var notFoundCode: String { "grocery_session_not_found" }
}

/// Where a shopping session is: in progress until completed or abandoned (then closed for good).
public enum GrocerySessionStatus: String, Codable, Sendable, CaseIterable {
    case inProgress = "in_progress", completed, abandoned
}

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

/// A shopping trip (the seed's step 43): the list's items in the user's aisle order, how many are
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

/// `GET /grocery-sessions/active`'s answer: the session in progress, or null.
public struct ActiveGrocerySession: Codable, Sendable, Equatable {
    public var session: GrocerySession?
    public init(_ session: GrocerySession?) { self.session = session }
    public init(from decoder: any Decoder) throws { session = try decoder.singleValueContainer().decode(GrocerySession?.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(session)
    }
}

/// The body of `POST /grocery-sessions/start`: the list to shop, from a saved meal plan
/// (`artifact_id`) or given (`items`, consolidated) — exactly one of them — and whether bought items
/// go to the pantry on completion (default true).
public struct StartGrocerySessionInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case artifactID = "artifact_id", items, autoAddToPantry = "auto_add_to_pantry" }
    public var artifactID: String?
    public var items: [GroceryItemInput]?
    public var autoAddToPantry: Bool?

    public init(artifactID: String? = nil, items: [GroceryItemInput]? = nil, autoAddToPantry: Bool? = nil) {
        self.artifactID = artifactID
        self.items = items
        self.autoAddToPantry = autoAddToPantry
    }

    /// Where the checked request's list comes from.
    public enum Source: Sendable, Equatable {
        case artifact(UUID)
        case items([GroceryItemInput.Line])
    }

    /// The checked request.
    public struct Valid: Sendable, Equatable {
        public var source: Source
        public var autoAddToPantry: Bool
    }

    /// Exactly one of `artifact_id` (a UUID) and `items` (each line checked as the consolidation's).
    public static func check(_ input: StartGrocerySessionInput) -> Checked<Valid> {
        var v = Validator()
        var source: Source?
        switch (input.artifactID, input.items) {
        case (let raw?, nil):
            let id = UUID(uuidString: raw)
            v.check(id != nil, "artifact_id", "must be an artifact's id (a UUID)")
            source = id.map(Source.artifact)
        case (nil, let items?):
            source = .items(GroceryItemInput.checkList(items, &v))
        case (.some, .some):
            v.fail("artifact_id", "give artifact_id or items, not both")
        case (nil, nil):
            v.fail("items", "is required when artifact_id is absent")
        }
        return .from(v) { source.map { Valid(source: $0, autoAddToPantry: input.autoAddToPantry ?? true) } }
    }
}

/// The body of `POST /grocery-sessions/{id}/check`: an item of the session, checked or not.
public struct CheckGroceryItemInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id", checked }
    public var itemID: String?
    public var checked: Bool?

    public init(itemID: String?, checked: Bool?) {
        self.itemID = itemID
        self.checked = checked
    }

    /// `item_id` a UUID; `checked` required.
    public static func check(_ input: CheckGroceryItemInput) -> Checked<(item: UUID, checked: Bool)> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        if input.checked == nil { v.fail("checked", "is required") }
        return .from(v) { item.flatMap { item in input.checked.map { (item, $0) } } }
    }
}

/// The body of `POST /grocery-sessions/{id}/skip`: an item of the session the store did not have.
public struct SkipGroceryItemInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case itemID = "item_id" }
    public var itemID: String?

    public init(itemID: String?) { self.itemID = itemID }

    /// `item_id` a UUID.
    public static func check(_ input: SkipGroceryItemInput) -> Checked<UUID> {
        var v = Validator()
        let item = GroceryItemReference.requireItem(input.itemID, &v)
        return .from(v) { item }
    }
}

/// The one rule for `item_id` in a session's bodies.
enum GroceryItemReference {
    static func requireItem(_ raw: String?, _ v: inout Validator) -> UUID? {
        guard let raw else {
            v.fail("item_id", "is required")
            return nil
        }
        let id = UUID(uuidString: raw)
        v.check(id != nil, "item_id", "must be an item's id (a UUID)")
        return id
    }
}

/// `POST /grocery-sessions/{id}/complete`'s answer: the closed session and the pantry items the
/// bought (checked, not skipped) items were added to.
public struct CompletedGrocerySession: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case session, itemsAdded = "items_added" }
    public var session: GrocerySession
    public var itemsAdded: [PantryItem]

    public init(session: GrocerySession, itemsAdded: [PantryItem]) {
        self.session = session
        self.itemsAdded = itemsAdded
    }
}

/// `GET /grocery-sessions/stats/summary`: the user's trips counted.
public struct GroceryShoppingStats: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case sessionsTotal = "sessions_total", sessionsCompleted = "sessions_completed", sessionsAbandoned = "sessions_abandoned"
        case itemsPurchased = "items_purchased", itemsSkipped = "items_skipped", completionRate = "completion_rate", aisleOrder = "aisle_order"
    }
    public var sessionsTotal: Int
    public var sessionsCompleted: Int
    public var sessionsAbandoned: Int
    /// Checked, not skipped items of completed sessions.
    public var itemsPurchased: Int
    /// Skipped items of completed sessions.
    public var itemsSkipped: Int
    /// Completed ÷ closed (completed or abandoned) sessions; 0 when none is closed.
    public var completionRate: Double
    public var aisleOrder: [GroceryAisle]

    public init(
        sessionsTotal: Int, sessionsCompleted: Int, sessionsAbandoned: Int, itemsPurchased: Int, itemsSkipped: Int, completionRate: Double, aisleOrder: [GroceryAisle]
    ) {
        self.sessionsTotal = sessionsTotal
        self.sessionsCompleted = sessionsCompleted
        self.sessionsAbandoned = sessionsAbandoned
        self.itemsPurchased = itemsPurchased
        self.itemsSkipped = itemsSkipped
        self.completionRate = completionRate
        self.aisleOrder = aisleOrder
    }
}
