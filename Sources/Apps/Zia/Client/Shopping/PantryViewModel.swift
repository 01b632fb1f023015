import Foundation
import Observation

/// The pantry screen: the device's copy of the user's items by aisle, each with its ``SyncStatus``,
/// and optimistic add, edit and delete through ``ZiaSync`` — shown at once, rolled back with the
/// offending fields when the server refuses, kept as pending and replayed when offline, and a
/// conflict with another device offered as "keep mine" or "take theirs".
@MainActor
@Observable
public final class PantryViewModel {
    /// One aisle of the pantry and its items.
    public struct Aisle: Sendable, Equatable, Identifiable {
        public var aisle: GroceryAisle
        public var items: [LocalRecord<PantryItem>]
        public var id: GroceryAisle { aisle }
    }

    public private(set) var aisles: [Aisle] = []
    /// What was refused in the last add or edit (by the contract's check on the device or by the
    /// server): its fields, by name, or the line of a refusal that names none.
    public private(set) var errors = FormErrors()
    public private(set) var isOffline = false
    public private(set) var errorMessage: String?
    public private(set) var notices: [SyncNotice] = []
    /// The quick units for the unit picker (docs/zia.md, "Offline pantry and shopping list").
    public let quickUnits = PantryItemInput.quickUnits

    public let sync: ZiaSync

    public init(sync: ZiaSync) { self.sync = sync }

    /// Items with changes waiting for the server.
    public var pendingCount: Int { aisles.flatMap(\.items).filter { $0.syncStatus == .pending }.count }
    public var conflicts: [LocalRecord<PantryItem>] { aisles.flatMap(\.items).filter { $0.syncStatus == .conflict } }

    /// Replays what waits and reloads from the server; offline, the device's copy is shown.
    public func load() async {
        do {
            try await sync.sync()
            isOffline = false
            errorMessage = nil
        } catch {
            report(error)
        }
        await reloadLocal()
    }

    public func reloadLocal() async {
        let items = await sync.pantryItems()
        aisles = GroceryAisle.allCases.compactMap { aisle in
            let held = items.filter { $0.value.aisle == aisle }
            return held.isEmpty ? nil : Aisle(aisle: aisle, items: held)
        }
        notices = await sync.notices
        isOffline = await sync.lastInterruption.map { if case .offline = $0 { true } else { false } } ?? false
    }

    /// Adds an item; nil (with ``errors``) when the server refused it.
    @discardableResult
    public func add(name: String, quantity: Double? = nil, unit: String? = nil, aisle: GroceryAisle? = nil) async -> PantryItem? {
        errors = FormErrors()
        defer { Task { await self.reloadLocal() } }
        do {
            let record = try await sync.addPantryItem(PantryItemInput(name: name, quantity: quantity, unit: unit, aisle: aisle?.rawValue))
            await reloadLocal()
            return record.value
        } catch {
            report(error)
            return nil
        }
    }

    /// Replaces an item; false (the item restored, ``errors`` set) when the server refused it.
    @discardableResult
    public func edit(_ id: PantryItemID, name: String, quantity: Double?, unit: String?, aisle: GroceryAisle? = nil) async -> Bool {
        errors = FormErrors()
        defer { Task { await self.reloadLocal() } }
        do {
            try await sync.updatePantryItem(id, PantryItemInput(name: name, quantity: quantity, unit: unit, aisle: aisle?.rawValue))
            await reloadLocal()
            return true
        } catch {
            report(error)
            await reloadLocal()
            return false
        }
    }

    public func delete(_ id: PantryItemID) async {
        await sync.deletePantryItem(id)
        await reloadLocal()
    }

    /// Settles a conflict: the user's version sent over the server's, or the server's kept.
    public func resolve(_ id: PantryItemID, keepingMine: Bool) async {
        await sync.resolveConflict(id, keepingMine: keepingMine)
        await reloadLocal()
    }

    public func dismiss(_ notice: SyncNotice) async {
        await sync.dismissNotice(notice.id)
        await reloadLocal()
    }

    private func report(_ error: any Error) {
        switch error {
        case ClientError.offline:
            isOffline = true
        case ClientError.validation:
            errors = FormErrors(error)
        default:
            errorMessage = ScreenText.message(error)
        }
    }
}
