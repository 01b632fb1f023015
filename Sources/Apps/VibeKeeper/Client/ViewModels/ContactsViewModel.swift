import Foundation
import Observation

/// The people the user gives gifts to, with their aliases and dated occasions
/// (docs/vibekeeper.md, "Client SDK and `vibekeeper` CLI"). New contacts and occasions are checked on the device by the
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
    /// What the last create or edit got wrong: the fields that break a rule (on the device or at
    /// the server), by name, or the line of a refusal that names none.
    public private(set) var errors = FormErrors()
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

    /// Adds a contact; nil (with ``errors``) when a rule is broken.
    @discardableResult
    public func addContact(name: String, relationship: String? = nil, aliases: [String] = [], notes: String? = nil) async -> Contact? {
        let checked = NewContact.check(NewContact.Input(name: name, relationship: relationship, notes: notes, aliases: aliases))
        guard let new = checked.value else {
            errors = FormErrors(fields: checked.problems)
            return nil
        }
        errors = FormErrors()
        defer { Task { await self.reloadLocal() } }
        do { return try await sync.createContact(new).value } catch {
            capture(error)
            return nil
        }
    }

    public func updateContact(_ id: ContactID, _ changes: ContactChanges) async {
        errors = FormErrors()
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
            errors = FormErrors(fields: checked.problems)
            return nil
        }
        errors = FormErrors()
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
        if case ClientError.validation = error { errors = FormErrors(error) } else { report(error) }
    }
}
