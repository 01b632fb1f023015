import Foundation

/// Everything the device keeps of the user's pantry and shopping trip so both work without a
/// network: the pantry items with their ``SyncStatus``, the trip in progress as the server last
/// answered it (queued checks and skips are applied on top: ``ZiaSync/session``), the outbox, and
/// what sync has to tell the user. Saved as one document.
public struct ZiaLocalSnapshot: OfflineDocument, Equatable {
    public var pantry: [PantryItemID: LocalRecord<PantryItem>] = [:]
    /// The shopping trip in progress as the server last answered it.
    public var session: GrocerySession?
    /// The trip closed on another device while changes to it waited here.
    public var sessionConflict: GrocerySessionConflict?
    /// The last trip completed from this device, with the pantry items it added.
    public var lastCompletion: CompletedGrocerySession?
    public var outbox = OutboxQueue()
    public var notices: [SyncNotice] = []
    /// Temporary ids of pantry items added here → the ids the server gave them.
    public var renamed: [UUID: UUID] = [:]

    public init() {}
}
