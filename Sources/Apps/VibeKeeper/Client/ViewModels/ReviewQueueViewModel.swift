import Foundation
import Observation

/// The review queue (captures the extractor was not sure of): accept with corrections, or discard.
@MainActor
@Observable
public final class ReviewQueueViewModel: LoadsFromServer {
    public private(set) var items: [LocalRecord<GiftIdea>] = []
    public internal(set) var isOffline = false
    public internal(set) var errorMessage: String?

    let sync: SyncManager

    public init(sync: SyncManager) { self.sync = sync }

    public func load() async {
        await syncQuietly(sync)
        items = await sync.reviewItems()
    }

    /// Accepts the capture, with the fields the user corrected.
    public func accept(_ id: GiftIdeaID, edits: GiftIdeaChanges = GiftIdeaChanges()) async {
        do { try await sync.acceptReview(id, edits: edits) } catch { report(error) }
        items = await sync.reviewItems()
    }

    public func discard(_ id: GiftIdeaID) async {
        await sync.discardReview(id)
        items = await sync.reviewItems()
    }
}
