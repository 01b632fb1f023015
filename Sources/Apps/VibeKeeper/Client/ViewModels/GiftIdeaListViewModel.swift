import Foundation
import Observation

/// The gift idea list (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): the device's copy with each idea's ``SyncStatus``,
/// filtered like `GET /gift-ideas` (recipient, occasion, status, tag, price range, words), the
/// captures still waiting to be sent, and quick status changes.
@MainActor
@Observable
public final class GiftIdeaListViewModel: LoadsFromServer {
    public var filter = GiftIdeaFilter() {
        didSet { Task { await self.reloadLocal() } }
    }
    public private(set) var ideas: [LocalRecord<GiftIdea>] = []
    public private(set) var pendingCaptures: [PendingCapture] = []
    public private(set) var isLoading = false
    public internal(set) var isOffline = false
    public internal(set) var errorMessage: String?

    let sync: SyncManager

    public init(sync: SyncManager) { self.sync = sync }

    /// Syncs with the server (when it can be reached) and shows the device's copy.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        await syncQuietly(sync)
        await reloadLocal()
    }

    /// Re-reads the device's copy (after a filter change or another screen's edit).
    public func reloadLocal() async {
        ideas = await sync.ideas(filter)
        pendingCaptures = await sync.pendingCaptures
    }

    public func setStatus(_ id: GiftIdeaID, _ status: GiftIdeaStatus) async {
        var changes = GiftIdeaChanges()
        changes.status = status
        do { try await sync.updateIdea(id, changes) } catch { report(error) }
        await reloadLocal()
    }

    public func delete(_ id: GiftIdeaID) async {
        await sync.deleteIdea(id)
        await reloadLocal()
    }
}
