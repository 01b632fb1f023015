import Foundation
import Observation

/// One gift idea (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): its fields, reminders and related ideas; edits
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
    /// What the server refused in the last save: its fields, by name, or the line of a refusal
    /// that names none.
    public private(set) var errors = FormErrors()
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
            related = try await sync.api.send(VibeKeeperRoutes.relatedIdeas, id, query: RelatedIdeasQuery())
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
        errors = FormErrors()
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
        errors = FormErrors()
        do {
            record = try await sync.updateIdea(id, changes)
            draft = nil
            errorMessage = nil
            await reloadLocal()
            return true
        } catch {
            if case ClientError.validation = error { errors = FormErrors(error) } else { report(error) }
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
