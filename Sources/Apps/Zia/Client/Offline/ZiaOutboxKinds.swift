import Foundation

extension OutboxOperation.Entity {
    public static let pantryItem = Self("pantryItem")
    public static let grocerySession = Self("grocerySession")
}

extension OutboxOperation.Kind {
    public static let checkItem = Self("checkItem")
    public static let skipItem = Self("skipItem")
    public static let completeSession = Self("completeSession")
    public static let abandonSession = Self("abandonSession")
}

/// Zia's two kinds of entity the outbox replays changes of, declared from the contract's routes:
/// pantry items (add, replace with `If-Match`, delete with `If-Match`) and the shopping trip
/// (check, skip, complete, abandon — each answers the whole trip).
enum ZiaOutboxKinds {
    /// A pantry item. Its "changes" are a whole replacement (`PUT` replaces); the replacement is
    /// empty (no name) when the two versions hold the same item, which tells a 412 that already
    /// holds the user's edit from a real conflict.
    static let pantry = OutboxKind<PantryItem, PantryItemInput>(
        .pantryItem, create: ZiaRoutes.addPantryItem,
        read: OutboxRead { client, target, _ in
            guard let item = try await client.send(ZiaRoutes.pantry).items.first(where: { $0.id.uuid == target }) else { throw ClientError.notFound("\(target)") }
            return item
        },
        update: ZiaRoutes.updatePantryItem, delete: ZiaRoutes.deletePantryItem, id: \.id.uuid, version: \.updatedAt,
        changes: { server, mine in sameItem(server, mine) ? PantryItemInput(name: nil) : input(mine) }, isEmpty: { $0.name == nil },
        apply: { changes, item in applied(changes, to: item) })

    static let grocery = OutboxEntityKind.actions(
        .grocerySession,
        [
            .checkItem: OutboxRoute(ZiaRoutes.checkGroceryItem), .skipItem: OutboxRoute(ZiaRoutes.skipGroceryItem),
            .completeSession: OutboxRoute(ZiaRoutes.completeGrocerySession), .abandonSession: OutboxRoute(ZiaRoutes.abandonGrocerySession),
        ], id: { (session: GrocerySession) in session.id.uuid })

    static let all = OutboxKinds([pantry.erased, grocery])

    /// The body that replaces an item with `item`.
    static func input(_ item: PantryItem) -> PantryItemInput {
        PantryItemInput(name: item.name, quantity: item.quantity, unit: item.unit, aisle: item.aisle.rawValue)
    }

    static func sameItem(_ a: PantryItem, _ b: PantryItem) -> Bool {
        a.name == b.name && a.quantity == b.quantity && a.unit == b.unit && a.aisle == b.aisle
    }

    /// `item` as the device shows it once `changes` replaced it (an aisle not given keeps the item's
    /// until the server guesses one).
    static func applied(_ changes: PantryItemInput, to item: PantryItem) -> PantryItem {
        guard let name = changes.name else { return item }
        var item = item
        item.name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        item.quantity = changes.quantity
        item.unit = changes.unit
        item.aisle = changes.aisle.flatMap(GroceryAisle.init(rawValue:)) ?? item.aisle
        return item
    }
}
