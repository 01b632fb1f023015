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

/// Changes to a shopping trip the server would not take because the trip was closed (completed or
/// abandoned) on another device, or is gone: kept for the user to see, never silently lost.
public struct GrocerySessionConflict: Codable, Sendable, Equatable {
    public var sessionID: GrocerySessionID
    /// The server's words.
    public var message: String
    /// The changes that were not saved, in the order they were made.
    public var unsaved: [OutboxOperation]

    public init(sessionID: GrocerySessionID, message: String, unsaved: [OutboxOperation]) {
        self.sessionID = sessionID
        self.message = message
        self.unsaved = unsaved
    }
}

/// Where the device keeps its ``ZiaLocalSnapshot``: a file (``FileZiaLocalStore``), memory in
/// tests and previews, or an app's own storage. A `load` that finds the saved snapshot
/// unreadable moves it aside and throws ``UnreadableDocument``; any other error leaves it alone
/// and the sync engine never writes over it.
public protocol ZiaLocalStore: Sendable {
    func load() throws -> ZiaLocalSnapshot
    func save(_ snapshot: ZiaLocalSnapshot) throws
}

/// A ``ZiaLocalStore`` in one owner-only JSON file, replaced atomically, an unreadable one kept
/// aside (ClientCore's ``FileDocument``).
public struct FileZiaLocalStore: ZiaLocalStore {
    public let document: FileDocument<ZiaLocalSnapshot>

    public init(fileURL: URL) { document = FileDocument(fileURL: fileURL) }

    public func load() throws -> ZiaLocalSnapshot { try document.load() ?? ZiaLocalSnapshot() }
    public func save(_ snapshot: ZiaLocalSnapshot) throws { try document.save(snapshot) }
}

/// A ``ZiaLocalStore`` in memory (previews, tests).
public final class InMemoryZiaLocalStore: ZiaLocalStore, @unchecked Sendable {
    // @unchecked Sendable: `snapshot` is only touched while holding `lock`.
    private let lock = NSLock()
    private var snapshot = ZiaLocalSnapshot()

    public init() {}
    public func load() throws -> ZiaLocalSnapshot { lock.withLock { snapshot } }
    public func save(_ snapshot: ZiaLocalSnapshot) throws { lock.withLock { self.snapshot = snapshot } }
}
