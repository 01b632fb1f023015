import Foundation
import Observation

/// What a screen that loads from the server shows about its last load: whether it is on the
/// device's copy because the server could not be reached, and what went wrong.
@MainActor
protocol LoadsFromServer: AnyObject {
    var isOffline: Bool { get set }
    var errorMessage: String? { get set }
}

extension LoadsFromServer {
    /// Runs a sync, recording offline-ness instead of failing: the device's copy is shown either way.
    func syncQuietly(_ sync: SyncManager) async {
        do {
            try await sync.sync()
            isOffline = false
            errorMessage = nil
        } catch ClientError.offline {
            isOffline = true
        } catch {
            isOffline = false
            errorMessage = "\(error)"
        }
    }

    /// The error of a change, for the screen (offline is not one: the change waits in the outbox).
    func report(_ error: any Error) {
        if case ClientError.offline = error { isOffline = true } else { errorMessage = "\(error)" }
    }
}

/// The gift idea list (seed GiftIdeaListView): the device's copy with each idea's ``SyncStatus``,
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

/// One gift idea (seed GiftIdeaDetailView/EditView): its fields, reminders and related ideas; edits
/// go as a partial update of only the changed fields; in a conflict both versions are shown and the
/// user keeps one.
@MainActor
@Observable
public final class GiftIdeaDetailViewModel: LoadsFromServer {
    public let id: GiftIdeaID
    public private(set) var record: LocalRecord<GiftIdea>?
    /// The editable copy (``beginEditing()``); nil when not editing.
    public var draft: GiftIdea?
    public private(set) var reminders: [LocalRecord<Reminder>] = []
    public private(set) var related: [RelatedIdea] = []
    /// Fields the server refused, by name.
    public private(set) var fieldErrors: [String: String] = [:]
    public private(set) var isSaving = false
    public internal(set) var isOffline = false
    public internal(set) var errorMessage: String?
    /// True once the idea was deleted (here or elsewhere).
    public private(set) var isGone = false

    let sync: SyncManager

    public init(sync: SyncManager, id: GiftIdeaID) {
        self.sync = sync
        self.id = id
    }

    /// The device's copy, then related ideas from the server when it can be reached.
    public func load() async {
        await reloadLocal()
        do {
            related = try await sync.api.relatedIdeas(id)
            isOffline = false
        } catch ClientError.offline {
            isOffline = true
        } catch {
            related = []
        }
    }

    public func reloadLocal() async {
        record = await sync.idea(id)
        isGone = record == nil
        reminders = await sync.reminders(for: id)
    }

    public func beginEditing() {
        draft = record?.value
        fieldErrors = [:]
    }

    public func cancelEditing() { draft = nil }

    /// Sends the fields the user changed (nothing when nothing changed). True when saved here (it
    /// may still wait for the network).
    @discardableResult
    public func save() async -> Bool {
        guard let draft, let current = record?.value else { return false }
        let changes = GiftIdeaChanges.between(current, draft)
        guard !changes.isEmpty else {
            self.draft = nil
            return true
        }
        return await apply(changes)
    }

    public func setStatus(_ status: GiftIdeaStatus) async {
        var changes = GiftIdeaChanges()
        changes.status = status
        await apply(changes)
    }

    @discardableResult
    private func apply(_ changes: GiftIdeaChanges) async -> Bool {
        isSaving = true
        defer { isSaving = false }
        fieldErrors = [:]
        do {
            record = try await sync.updateIdea(id, changes)
            draft = nil
            errorMessage = nil
            await reloadLocal()
            return true
        } catch ClientError.validation(let message, let fields) {
            for field in fields { fieldErrors[field.field] = field.message }
            if fields.isEmpty { errorMessage = message }
            await reloadLocal()
            return false
        } catch {
            report(error)
            await reloadLocal()
            return false
        }
    }

    /// The server's version beside the user's, while in conflict.
    public var serverVersion: GiftIdea? { record?.syncStatus == .conflict ? record?.serverValue : nil }

    public func keepMine() async {
        await sync.resolveConflict(idea: id, keepingMine: true)
        await reloadLocal()
    }

    public func keepServerVersion() async {
        await sync.resolveConflict(idea: id, keepingMine: false)
        await reloadLocal()
    }

    public func delete() async {
        await sync.deleteIdea(id)
        await reloadLocal()
    }
}

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
