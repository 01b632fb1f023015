import Foundation
import Observation

/// The people the user gives gifts to, with their aliases and dated occasions (seed
/// ContactListView/ContactEditView). New contacts and occasions are checked on the device by the
/// server's own rules before they are queued.
@MainActor
@Observable
public final class ContactsViewModel: LoadsFromServer {
    public struct Entry: Sendable, Equatable, Identifiable {
        public var contact: LocalRecord<Contact>
        public var occasions: [LocalRecord<Occasion>]
        public var id: ContactID { contact.value.id }
    }

    public private(set) var entries: [Entry] = []
    /// Fields of the last create or edit that break a rule, by name.
    public private(set) var fieldErrors: [String: String] = [:]
    public internal(set) var isOffline = false
    public internal(set) var errorMessage: String?

    let sync: SyncManager

    public init(sync: SyncManager) { self.sync = sync }

    public func load() async {
        await syncQuietly(sync)
        await reloadLocal()
    }

    public func reloadLocal() async {
        var result: [Entry] = []
        for contact in await sync.contacts() {
            result.append(Entry(contact: contact, occasions: await sync.occasions(of: contact.value.id)))
        }
        entries = result
    }

    /// Adds a contact; nil (with ``fieldErrors``) when a rule is broken.
    @discardableResult
    public func addContact(name: String, relationship: String? = nil, aliases: [String] = [], notes: String? = nil) async -> Contact? {
        let checked = NewContact.check(NewContact.Input(name: name, relationship: relationship, notes: notes, aliases: aliases))
        guard let new = checked.value else {
            fieldErrors = Dictionary(checked.problems.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
            return nil
        }
        fieldErrors = [:]
        defer { Task { await self.reloadLocal() } }
        do { return try await sync.createContact(new).value } catch {
            capture(error)
            return nil
        }
    }

    public func updateContact(_ id: ContactID, _ changes: ContactChanges) async {
        fieldErrors = [:]
        do { try await sync.updateContact(id, changes) } catch { capture(error) }
        await reloadLocal()
    }

    public func deleteContact(_ id: ContactID) async {
        await sync.deleteContact(id)
        await reloadLocal()
    }

    /// Adds an occasion (`date` as `YYYY-MM-DD`, yearly unless `recurring` is false).
    @discardableResult
    public func addOccasion(to contact: ContactID, name: String, date: String, recurring: Bool = true) async -> Occasion? {
        let checked = NewOccasion.check(NewOccasion.Input(name: name, date: date, recurring: recurring))
        guard let new = checked.value else {
            fieldErrors = Dictionary(checked.problems.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
            return nil
        }
        fieldErrors = [:]
        defer { Task { await self.reloadLocal() } }
        do { return try await sync.addOccasion(new, to: contact).value } catch {
            capture(error)
            return nil
        }
    }

    public func deleteOccasion(_ id: OccasionID) async {
        await sync.deleteOccasion(id)
        await reloadLocal()
    }

    public func resolveConflict(_ id: ContactID, keepingMine: Bool) async {
        await sync.resolveConflict(contact: id, keepingMine: keepingMine)
        await reloadLocal()
    }

    private func capture(_ error: any Error) {
        if case ClientError.validation(let message, let fields) = error {
            fieldErrors = Dictionary(fields.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
            if fields.isEmpty { errorMessage = message }
        } else {
            report(error)
        }
    }
}

/// Reminders (seed ReminderListView): the automatic ones the server keeps and the user's own;
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

/// Search as the user types (seed SearchView): waits for a pause in typing (300 ms), cancels the
/// query a newer one replaced (a stale answer never overwrites a fresh one), and searches the
/// device's copy when the server cannot be reached.
@MainActor
@Observable
public final class SearchViewModel {
    public var query = "" {
        didSet { if query != oldValue { schedule() } }
    }
    /// The idea filters the search applies too; a change searches again.
    public var filter = GiftIdeaFilter() {
        didSet { if filter != oldValue { schedule() } }
    }
    public private(set) var results: [SearchHit] = []
    public private(set) var isSearching = false
    /// True when the results come from the device's copy.
    public private(set) var isOffline = false
    public private(set) var errorMessage: String?

    let sync: SyncManager
    let debounce: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// The search in flight or waiting for the pause (tests await it).
    @ObservationIgnored public private(set) var pending: Task<Void, Never>?

    public init(
        sync: SyncManager, debounce: Duration = .milliseconds(300), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.sync = sync
        self.debounce = debounce
        self.sleep = sleep
    }

    private func schedule() {
        pending?.cancel()
        let text = query.trimmedOfWhitespace
        guard !text.isEmpty else {
            results = []
            isSearching = false
            pending = nil
            return
        }
        isSearching = true
        pending = Task { [weak self, debounce, sleep] in
            do { try await sleep(debounce) } catch { return }
            guard !Task.isCancelled else { return }
            await self?.run(text)
        }
    }

    /// Searches now (the search button).
    public func searchNow() async {
        pending?.cancel()
        let text = query.trimmedOfWhitespace
        guard !text.isEmpty else { return }
        await run(text)
    }

    private func run(_ text: String) async {
        isSearching = true
        let filter = self.filter
        let outcome: Result<[SearchHit], any Error>
        do {
            outcome = .success(try await sync.api.search(text, filter: filter).results)
        } catch {
            outcome = .failure(error)
        }
        // A newer query replaced this one while it ran: its answer is stale.
        guard !Task.isCancelled, text == query.trimmedOfWhitespace else { return }
        switch outcome {
        case .success(let hits):
            results = hits
            isOffline = false
            errorMessage = nil
        case .failure(ClientError.offline):
            results = await sync.searchLocally(text)
            isOffline = true
        case .failure(let error):
            errorMessage = "\(error)"
        }
        isSearching = false
    }
}
