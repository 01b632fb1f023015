import Foundation
import Observation

/// Reminders (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"): the automatic ones the server keeps and the user's own;
/// cancel, reschedule, delete, add one for an idea.
@MainActor
@Observable
public final class RemindersViewModel: LoadsFromServer {
    /// Which reminders to show (nil: all).
    public var statusFilter: ReminderStatus? = .pending {
        didSet { Task { await self.reloadLocal() } }
    }
    public private(set) var reminders: [LocalRecord<Reminder>] = []
    public internal(set) var isOffline = false
    public internal(set) var errorMessage: String?

    let sync: SyncManager

    public init(sync: SyncManager) { self.sync = sync }

    public func load() async {
        await syncQuietly(sync)
        await reloadLocal()
    }

    public func reloadLocal() async {
        reminders = await sync.reminders(status: statusFilter)
    }

    @discardableResult
    public func add(for idea: GiftIdeaID, at date: Date, message: String? = nil) async -> Reminder? {
        defer { Task { await self.reloadLocal() } }
        do { return try await sync.createReminder(NewReminder(giftIdeaId: idea, scheduledFor: date, message: message)).value } catch {
            report(error)
            return nil
        }
    }

    public func cancel(_ id: ReminderID) async {
        await change(id, ReminderChanges(status: .cancelled))
    }

    public func reschedule(_ id: ReminderID, to date: Date) async {
        await change(id, ReminderChanges(scheduledFor: date))
    }

    public func delete(_ id: ReminderID) async {
        await sync.deleteReminder(id)
        await reloadLocal()
    }

    private func change(_ id: ReminderID, _ changes: ReminderChanges) async {
        do { try await sync.updateReminder(id, changes) } catch { report(error) }
        await reloadLocal()
    }
}
