import Foundation
import Observation

/// The shopping checklist (docs/zia.md, "Offline pantry and shopping list"): a trip started from a saved meal plan or a list, or the
/// one in progress resumed; its items grouped in the trip's aisle order with progress; check,
/// uncheck and skip shown at once and queued through ``ZiaSync`` (so they work without signal);
/// complete (the pantry items it added shown once the server took it) and abandon. A trip closed on
/// another device meanwhile is ``conflict``, with the changes that were not saved.
@MainActor
@Observable
public final class GroceryChecklistViewModel {
    /// One aisle of the trip and its items, in list order.
    public struct Aisle: Sendable, Equatable, Identifiable {
        public var aisle: GroceryAisle
        public var items: [GrocerySessionItem]
        public var id: GroceryAisle { aisle }
    }

    public private(set) var session: GrocerySession?
    public private(set) var aisles: [Aisle] = []
    /// The pantry items the last completed trip added (once the server took the completion).
    public private(set) var itemsAdded: [PantryItem] = []
    /// Whether the trip's completion waits in the outbox.
    public private(set) var completionPending = false
    public private(set) var conflict: GrocerySessionConflict?
    public private(set) var pendingChanges = 0
    public private(set) var isOffline = false
    public private(set) var errorMessage: String?

    public let sync: ZiaSync

    public init(sync: ZiaSync) { self.sync = sync }

    public var checkedCount: Int { session?.items.filter(\.checked).count ?? 0 }
    public var totalCount: Int { session?.items.count ?? 0 }
    /// Checked ÷ total, 0–100 (0 for an empty list).
    public var percentage: Int { totalCount == 0 ? 0 : Int((Double(checkedCount) / Double(totalCount) * 100).rounded()) }

    /// Resumes the trip in progress (`GET active`, after replaying what waits); offline, the
    /// device's copy.
    public func resume() async {
        do {
            try await sync.sync()
            isOffline = false
            errorMessage = nil
        } catch {
            report(error)
        }
        await reloadLocal()
    }

    /// Starts a trip from a saved meal plan.
    public func start(mealPlan artifactID: UUID, addToPantry: Bool = true) async {
        await start(GrocerySessionStart.Input(artifactID: artifactID.uuidString.lowercased(), autoAddToPantry: addToPantry))
    }

    /// Starts a trip from a list.
    public func start(items: [GroceryItemInput], addToPantry: Bool = true) async {
        await start(GrocerySessionStart.Input(items: items, autoAddToPantry: addToPantry))
    }

    private func start(_ input: GrocerySessionStart.Input) async {
        do {
            try await sync.startSession(input)
            errorMessage = nil
            itemsAdded = []
        } catch {
            report(error)
        }
        await reloadLocal()
    }

    public func toggle(_ item: UUID) async {
        let checked = session?.items.first { $0.id == item }?.checked ?? false
        await perform { try await $0.check(item, checked: !checked) }
    }

    public func check(_ item: UUID, checked: Bool = true) async { await perform { try await $0.check(item, checked: checked) } }
    public func skip(_ item: UUID) async { await perform { try await $0.skip(item) } }
    public func complete() async { await perform { try await $0.complete() } }
    public func abandon() async { await perform { try await $0.abandon() } }

    /// The user has seen the trip closed elsewhere and what was not saved.
    public func dismissConflict() async {
        await sync.dismissSessionConflict()
        await reloadLocal()
    }

    public func reloadLocal() async {
        let snapshot = await sync.current
        let shown = await sync.session
        session = shown
        conflict = snapshot.sessionConflict
        let queued = snapshot.outbox.operations.filter { $0.entity == .grocerySession }
        pendingChanges = queued.count
        completionPending = queued.contains { $0.kind == .completeSession }
        if let completion = snapshot.lastCompletion, shown == nil { itemsAdded = completion.itemsAdded }
        aisles = Self.group(shown)
        isOffline = await sync.lastInterruption.map { if case .offline = $0 { true } else { false } } ?? false
    }

    /// The items by aisle in the trip's `aisle_order` (aisles it does not name follow, in the usual order).
    public static func group(_ session: GrocerySession?) -> [Aisle] {
        guard let session else { return [] }
        let order = session.aisleOrder + GroceryAisle.allCases.filter { !session.aisleOrder.contains($0) }
        return order.compactMap { aisle in
            let items = session.items.filter { $0.aisle == aisle }
            return items.isEmpty ? nil : Aisle(aisle: aisle, items: items)
        }
    }

    private func perform(_ action: (ZiaSync) async throws -> Void) async {
        do {
            try await action(sync)
            errorMessage = nil
        } catch {
            report(error)
        }
        await reloadLocal()
    }

    private func report(_ error: any Error) {
        if case ClientError.offline = error { isOffline = true } else { errorMessage = ScreenText.message(error) }
    }
}
