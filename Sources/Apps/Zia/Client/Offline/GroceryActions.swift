import Foundation

/// What a queued check, skip, complete or abandon does to the trip the device shows, as the server
/// does it (checking takes a skip back; skipping unchecks), so the shopper sees every change at
/// once with or without a network.
enum GroceryActions {
    static func apply(_ operation: OutboxOperation, to session: inout GrocerySession) {
        switch operation.kind {
        case .checkItem:
            guard let input = decode(GroceryItemCheck.Input.self, operation), let item = input.itemID.flatMap(UUID.init(parsing:)), let checked = input.checked else { return }
            update(item, in: &session) {
                $0.checked = checked
                $0.skipped = false
            }
        case .skipItem:
            guard let item = decode(GroceryItemSkip.Input.self, operation)?.itemID.flatMap(UUID.init(parsing:)) else { return }
            update(item, in: &session) {
                $0.skipped = true
                $0.checked = false
            }
        case .completeSession: session.status = .completed
        case .abandonSession: session.status = .abandoned
        default: return
        }
        session.itemsChecked = session.items.filter(\.checked).count
        session.itemsTotal = session.items.count
    }

    private static func update(_ item: UUID, in session: inout GrocerySession, _ change: (inout GrocerySessionItem) -> Void) {
        guard let index = session.items.firstIndex(where: { $0.id == item }) else { return }
        change(&session.items[index])
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ operation: OutboxOperation) -> T? {
        guard let data = try? operation.body?.data() else { return nil }
        return try? WireFormat.decoder().decode(T.self, from: data)
    }
}
