import AppPlatform
import Foundation
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI
import ZiaAssistant

/// The user's pantry (`zia_pantry_items`, with each name's ``GroceryNames/key(_:)`` as
/// `normalized_name`). Every method takes the user: another user's item is a missing one.
public struct PantryRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// The user's items by aisle, then name.
    public func list(for user: UserID) async throws -> [PantryItem] {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM zia_pantry_items WHERE user_id = \(bind: user.uuid) ORDER BY aisle, normalized_name, id")
                .all().map(Self.item(from:))
        }
    }

    /// The user's items as the pantry matcher reads them.
    public func stock(for user: UserID) async throws -> [GroceryEntry] {
        try await list(for: user).map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: $0.aisle) }
    }

    public func add(_ entry: PantryItemInput.Entry, for user: UserID) async throws -> PantryItem {
        let now = clock.now()
        let item = PantryItem(
            id: PantryItemID(), name: entry.name, quantity: entry.quantity, unit: entry.unit, aisle: entry.aisle ?? GroceryAisles.guess(entry.name), createdAt: now,
            updatedAt: now)
        try await database.transaction(owner: user.uuid) { db in try await Self.insert(item, for: user, db) }
        return item
    }

    /// Replaces the user's item; nil when they have no such item. A stale `ifMatch` is the 412
    /// (``EntityChanged``) and nothing changes.
    public func update(_ id: PantryItemID, with entry: PantryItemInput.Entry, for user: UserID, ifMatch: IfMatch? = nil) async throws -> PantryItem? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "zia_pantry_items", id: id.uuid, user: user, in: db),
                let row = try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM zia_pantry_items WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first()
            else { return nil }
            var item = try Self.item(from: row)
            try ifMatch?.verify(item.updatedAt)
            item.name = entry.name
            item.quantity = entry.quantity
            item.unit = entry.unit
            item.aisle = entry.aisle ?? GroceryAisles.guess(entry.name)
            item.updatedAt = IfMatch.nextVersion(after: item.updatedAt, now: now)
            try await Self.write(item, db)
            return item
        }
    }

    /// Deletes the user's item; false when they have no such item. A stale `ifMatch` is the 412
    /// (``EntityChanged``) and nothing is deleted.
    public func delete(_ id: PantryItemID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "zia_pantry_items", id: id.uuid, user: user, in: db),
                let row = try await db.raw("SELECT updated_at FROM zia_pantry_items WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first()
            else { return false }
            try ifMatch?.verify(try row.decode(column: "updated_at", as: Date.self))
            try await db.raw("DELETE FROM zia_pantry_items WHERE id = \(bind: id.uuid)").run()
            return true
        }
    }

    /// Adds bought items to the user's pantry inside `db`'s transaction, merged by normalised name:
    /// a quantity is added to the item's (converted into its unit) when the units convert, fills in
    /// an item without one, and is a new item when it does not convert. Answers the items as stored.
    static func merge(_ bought: [GroceryEntry], for user: UserID, at now: Date, _ db: any SQLDatabase) async throws -> [PantryItem] {
        var stored: [PantryItem] = []
        for entry in bought {
            let key = GroceryNames.key(entry.name)
            let existing = try await db.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM zia_pantry_items WHERE user_id = \(bind: user.uuid) AND normalized_name = \(bind: key) ORDER BY created_at, id"
            ).all().map(Self.item(from:))
            if var target = existing.first(where: { Self.adds(entry, to: $0) }) {
                (target.quantity, target.unit) = Self.adding(entry, to: target)
                target.updatedAt = now
                try await Self.write(target, db)
                stored.append(target)
            } else {
                let item = PantryItem(
                    id: PantryItemID(), name: entry.name, quantity: entry.quantity, unit: entry.unit, aisle: entry.aisle ?? GroceryAisles.guess(entry.name), createdAt: now,
                    updatedAt: now)
                try await Self.insert(item, for: user, db)
                stored.append(item)
            }
        }
        return stored
    }

    /// Whether `entry`'s quantity can be added to `item`'s: either has none, or their units convert.
    static func adds(_ entry: GroceryEntry, to item: PantryItem) -> Bool {
        guard let quantity = entry.quantity, let held = item.quantity else { return true }
        return GroceryAmount(quantity: quantity, unit: entry.unit).converted(to: GroceryAmount(quantity: held, unit: item.unit).dimension, key: GroceryNames.key(item.name)) != nil
    }

    /// `item`'s quantity and unit once `entry` is added (rounded to two decimals, at most
    /// ``GroceryRules/maxQuantity``): the sum in `item`'s unit (1 kg of flour into an item kept in
    /// cups is about 8 cups, never "1 cup"). Into an item without an amount, or at 0 ("ran out"), an
    /// amount that does not show in the item's unit (another dimension, no unit, or too small: 1 g
    /// of saffron kept in kg) is kept as bought, never rounded to 0.
    static func adding(_ entry: GroceryEntry, to item: PantryItem) -> (quantity: Double?, unit: String?) {
        guard let quantity = entry.quantity else { return (item.quantity, item.quantity == nil ? item.unit ?? entry.unit : item.unit) }
        func stored(_ value: Double) -> Double { min(GroceryRules.maxQuantity, (value * 100).rounded() / 100) }
        let unit = GroceryUnit(item.unit)
        let converted = GroceryAmount(quantity: quantity, unit: entry.unit).converted(to: unit.dimension, key: GroceryNames.key(item.name)).map { $0.value / unit.base }
        let held = item.quantity ?? 0
        let shows = (item.quantity != nil || item.unit != nil) && stored(converted ?? 0) > 0
        if held == 0, quantity > 0, !shows { return (quantity, entry.unit) }
        // Never past what a pantry item may hold, whatever was bought (no infinity stored).
        return (stored(held + (converted ?? 0)), item.quantity == nil && item.unit == nil ? entry.unit : item.unit)
    }

    static func insert(_ item: PantryItem, for user: UserID, _ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO zia_pantry_items (id, user_id, name, normalized_name, quantity, unit, aisle, created_at, updated_at)
            VALUES (\(bind: item.id.uuid), \(bind: user.uuid), \(bind: item.name), \(bind: GroceryNames.key(item.name)), \(bind: item.quantity), \(bind: item.unit),
                \(bind: item.aisle.rawValue), \(bind: item.createdAt), \(bind: item.updatedAt))
            """
        ).run()
    }

    static func write(_ item: PantryItem, _ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            UPDATE zia_pantry_items SET name = \(bind: item.name), normalized_name = \(bind: GroceryNames.key(item.name)), quantity = \(bind: item.quantity),
                unit = \(bind: item.unit), aisle = \(bind: item.aisle.rawValue), updated_at = \(bind: item.updatedAt)
            WHERE id = \(bind: item.id.uuid)
            """
        ).run()
    }

    static let columns = "id, name, quantity, unit, aisle, created_at, updated_at"

    static func item(from row: any SQLRow) throws -> PantryItem {
        PantryItem(
            id: PantryItemID(try row.uuid("id")), name: try row.decode(column: "name", as: String.self), quantity: try row.decode(column: "quantity", as: Double?.self),
            unit: try row.decode(column: "unit", as: String?.self), aisle: GroceryAisle(rawValue: try row.decode(column: "aisle", as: String.self)) ?? .other,
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }
}
