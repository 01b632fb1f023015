import CLISupport
import Foundation
import VibeKeeperClient

/// Turns what the user typed for an idea, contact or reminder into its id: the full id, or a unique
/// prefix of one (the eight characters the lists show); contacts also by name or alias.
enum Lookup {
    /// The one candidate `text` names; not found (exit 6) when none does, a usage error (64) when
    /// several do.
    static func match<ID: CustomStringConvertible>(_ text: String, kind: String, plural: String, _ candidates: [(id: ID, names: [String])]) throws -> ID {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let folded = fold(wanted)
        let named = candidates.filter { $0.names.contains { fold($0) == folded } }
        if named.count == 1 { return named[0].id }
        let prefixed = named.isEmpty ? candidates.filter { $0.id.description.hasPrefix(wanted.lowercased()) && !wanted.isEmpty } : named
        switch prefixed.count {
        case 0: throw ClientError.notFound("no \(kind) matches “\(wanted)”.")
        case 1: return prefixed[0].id
        default:
            throw CLIError(
                "“\(wanted)” matches \(prefixed.count) \(plural) (\(prefixed.prefix(4).map { short($0.id) }.joined(separator: ", "))…); give more of the id.", exitCode: 64)
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}

/// Resolving typed ids against the server's lists or the device's copy.
extension Workspace {
    /// The idea `text` names. `fromServer`: match against the server's lists (reads); otherwise
    /// against the device's copy (changes, after ``refresh()``).
    func ideaID(_ text: String, fromServer: Bool) async throws -> GiftIdeaID {
        if let id = GiftIdeaID(text.trimmingCharacters(in: .whitespaces)) { return id }
        var ideas = await sync.current.ideas.values.map(\.value)
        if fromServer {
            do { ideas = try await api.allGiftIdeas() + reviewQueue() } catch ClientError.offline {}
        }
        return try Lookup.match(text, kind: "gift idea", plural: "ideas", ideas.map { (id: $0.id, names: []) })
    }

    /// The contact `text` names (id, id prefix, name or alias).
    func contactID(_ text: String, fromServer: Bool) async throws -> ContactID {
        if let id = ContactID(text.trimmingCharacters(in: .whitespaces)) { return id }
        var contacts = await sync.current.contacts.values.map(\.value)
        if fromServer {
            do { contacts = try await api.contacts() } catch ClientError.offline {}
        }
        return try Lookup.match(text, kind: "contact", plural: "contacts", contacts.map { (id: $0.id, names: [$0.name] + $0.aliases) })
    }

    /// The reminder `text` names (on the device's copy, after ``refresh()``).
    func reminderID(_ text: String) async throws -> ReminderID {
        if let id = ReminderID(text.trimmingCharacters(in: .whitespaces)) { return id }
        let reminders = await sync.current.reminders.values.map(\.value)
        return try Lookup.match(text, kind: "reminder", plural: "reminders", reminders.map { (id: $0.id, names: []) })
    }

    /// Every capture waiting for review (all pages).
    func reviewQueue() async throws -> [GiftIdea] {
        var ideas: [GiftIdea] = []
        var cursor: String?
        repeat {
            let page = try await api.reviewQueue(limit: VibeKeeperRules.maxPageSize, cursor: cursor)
            ideas += page.ideas
            cursor = page.nextCursor
        } while cursor != nil
        return ideas
    }

    /// The device's record of an idea about to be changed: refreshed first; not found (6) when the
    /// server has no such idea, offline (3) when it is not on the device and the server is out of reach.
    func localIdea(_ text: String) async throws -> LocalRecord<GiftIdea> {
        let online = try await refresh()
        let id = try await ideaID(text, fromServer: false)
        if let record = await sync.idea(id) { return record }
        if online { throw ClientError.notFound("no gift idea \(id).") }
        throw ClientError.offline("gift idea \(id) is not on this device and the server cannot be reached")
    }

    /// The device's record of a contact about to be changed (see ``localIdea(_:)``).
    func localContact(_ text: String) async throws -> LocalRecord<Contact> {
        let online = try await refresh()
        let id = try await contactID(text, fromServer: false)
        if let record = await sync.contact(id) { return record }
        if online { throw ClientError.notFound("no contact \(id).") }
        throw ClientError.offline("contact \(id) is not on this device and the server cannot be reached")
    }

    /// The device's record of a reminder about to be changed (see ``localIdea(_:)``).
    func localReminder(_ text: String) async throws -> LocalRecord<Reminder> {
        let online = try await refresh()
        let id = try await reminderID(text)
        if let record = await sync.current.reminders[id] { return record }
        if online { throw ClientError.notFound("no reminder \(id).") }
        throw ClientError.offline("reminder \(id) is not on this device and the server cannot be reached")
    }
}
