import ArgumentParser
import Foundation
import VibeKeeperClient

/// `vibekeeper contacts …`: the people gifts are for, their other names and their occasions.
struct ContactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "The people you give gifts to, and their occasions. A contact may be named by ID, ID prefix, name or alias.",
        subcommands: [List.self, Add.self, Show.self, Edit.self, Delete.self, Occasions.self, AddOccasion.self, Resolve.self], defaultSubcommand: List.self)

    /// `contacts list`: everyone, by name (the device's copy when offline).
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List contacts by name.")
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let contacts: [Contact]
                do {
                    contacts = try await withProgress("Loading contacts") { try await ws.api.contacts() }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    contacts = await ws.sync.contacts().map(\.value)
                }
                if options.json { try printJSON(contacts); return }
                guard !contacts.isEmpty else {
                    print("No contacts yet. Add one: vibekeeper contacts add Linda --relationship mother --alias Mom")
                    return
                }
                let rows = contacts.map { [short($0.id), $0.name, $0.relationship ?? "—", $0.aliases.joined(separator: ", ")] }
                print(table(["ID", "NAME", "RELATIONSHIP", "ALSO CALLED"], rows))
                print("\(count(contacts.count, "contact")).")
            }
        }
    }

    /// `contacts add NAME`: a new person, with the other names captures may use for them.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a contact.")
        @Argument(help: "Their name.") var name: String
        @Option(help: "Who they are to you (mother, friend…).") var relationship: String?
        @Option(help: "Another name a capture may use for them (Mom, mum…); repeatable.") var alias: [String] = []
        @Option(help: "Notes.") var notes: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let created = try await ws.sync.createContact(NewContact(name: name, relationship: relationship, notes: notes, aliases: alias))
                try await ws.show(
                    created.value, status: created.syncStatus, done: "Added \(created.value.name).", text: Render.contact(created.value),
                    resolve: "vibekeeper contacts resolve \(short(created.value.id))")
            }
        }
    }

    /// `contacts show`: one person with their occasions.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a contact with their occasions.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let id = try await ws.contactID(contact, fromServer: true)
                var found: Contact
                var occasions: [Occasion]
                do {
                    found = try await withProgress("Loading the contact") { try await ws.api.contact(id) }
                    occasions = try await ws.api.occasions(of: id)
                } catch ClientError.offline(let detail) {
                    guard let record = await ws.sync.contact(id) else { throw ClientError.offline(detail) }
                    await ws.offlineNote(detail)
                    found = record.value
                    occasions = await ws.sync.occasions(of: id).map(\.value)
                }
                if options.json { try printJSON(found) } else { print(Render.contact(found, occasions: occasions)) }
            }
        }
    }

    /// `contacts edit`: a partial update of a person.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a contact: only the fields given change.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @Option(help: "Their name.") var name: String?
        @Option(help: "Who they are to you.") var relationship: String?
        @Flag(help: "Remove the relationship.") var clearRelationship = false
        @Option(help: "Notes.") var notes: String?
        @Flag(help: "Remove the notes.") var clearNotes = false
        @Option(help: "Their other names (replace the current ones); repeatable.") var alias: [String] = []
        @Flag(help: "Remove every alias.") var clearAliases = false
        @OptionGroup var options: SessionOptions

        func validate() throws {
            if relationship != nil, clearRelationship { throw ValidationError("Give --relationship or --clear-relationship, not both.") }
            if notes != nil, clearNotes { throw ValidationError("Give --notes or --clear-notes, not both.") }
            if !alias.isEmpty, clearAliases { throw ValidationError("Give --alias or --clear-aliases, not both.") }
            if name == nil, relationship == nil, notes == nil, alias.isEmpty, !clearRelationship, !clearNotes, !clearAliases {
                throw ValidationError("Nothing to change: give --name, --relationship, --notes or --alias.")
            }
        }

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let record = try await ws.localContact(contact)
                var changes = ContactChanges(name: name)
                if let relationship { changes.relationship = .set(relationship) }
                if clearRelationship { changes.relationship = .cleared }
                if let notes { changes.notes = .set(notes) }
                if clearNotes { changes.notes = .cleared }
                if !alias.isEmpty { changes.aliases = alias }
                if clearAliases { changes.aliases = [] }
                let updated = try await ws.sync.updateContact(record.value.id, changes)
                try await ws.show(
                    updated.value, status: updated.syncStatus, done: "Updated.", text: Render.contact(updated.value),
                    resolve: "vibekeeper contacts resolve \(short(updated.value.id))")
            }
        }
    }

    /// `contacts delete`: removes a person and their occasions.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a contact and their occasions (their ideas stay, for no one).")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let record = try await ws.localContact(contact)
                let id = record.value.id
                await ws.sync.deleteContact(id)
                await ws.reportNotices()
                if await ws.sync.outbox.contains(where: { $0.target == id.uuid }) {
                    try await ws.reportKept()
                } else if await ws.sync.contact(id) != nil {
                    throw ClientError.conflict(status: 412, code: "precondition_failed", message: "not deleted: the contact was changed on the server meanwhile.")
                } else {
                    ws.say("Deleted \(record.value.name).")
                }
                if options.json { try printReport(Deleted(deleted: id.description)) }
            }
        }
    }

    /// `contacts occasions`: a person's dated occasions.
    struct Occasions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a contact's occasions by date.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let id = try await ws.contactID(contact, fromServer: true)
                let occasions: [Occasion]
                do {
                    occasions = try await withProgress("Loading occasions") { try await ws.api.occasions(of: id) }
                } catch ClientError.offline(let detail) {
                    guard await ws.sync.contact(id) != nil else { throw ClientError.offline(detail) }
                    await ws.offlineNote(detail)
                    occasions = await ws.sync.occasions(of: id).map(\.value)
                }
                if options.json { try printJSON(occasions); return }
                if occasions.isEmpty { print("No occasions yet.") }
                for occasion in occasions { print(Render.occasionLine(occasion)) }
            }
        }
    }

    /// `contacts add-occasion`: a birthday or anniversary, which gets its own automatic reminder.
    struct AddOccasion: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-occasion", abstract: "Add an occasion to a contact (yearly unless --once); it gets an automatic reminder.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @Option(help: "What it is (Birthday, Anniversary…).") var name: String
        @Option(help: "Its date, YYYY-MM-DD (for a birthday, the day of birth).") var date: String
        @Flag(help: "It happens once, not every year.") var once = false
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let day = try IdeaEditOptions.date(date)
                let ws = try options.workspace()
                let record = try await ws.localContact(contact)
                let occasion = try await ws.sync.addOccasion(NewOccasion(name: name, date: day, recurring: !once), to: record.value.id)
                try await ws.show(
                    occasion.value, status: occasion.syncStatus, done: "Added \(occasion.value.name) to \(record.value.name).",
                    text: Render.occasionLine(occasion.value), resolve: "vibekeeper sync")
            }
        }
    }

    /// `contacts resolve`: settles a contact left in conflict by an offline edit.
    struct Resolve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Settle a contact changed both here and on the server: keep yours or the server's.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @Option(help: "mine or server.") var keep: String
        @OptionGroup var options: SessionOptions

        func validate() throws {
            guard ["mine", "server"].contains(keep) else { throw ValidationError("--keep must be mine or server.") }
        }

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let record = try await ws.localContact(contact)
                guard record.syncStatus == .conflict else {
                    ws.say("Nothing to settle: \(record.value.name) is not in conflict.")
                    return
                }
                await ws.sync.resolveConflict(contact: record.value.id, keepingMine: keep == "mine")
                let settled = await ws.sync.contact(record.value.id) ?? record
                try await ws.show(
                    settled.value, status: settled.syncStatus, done: "Settled: kept \(keep == "mine" ? "your" : "the server's") version.",
                    text: Render.contact(settled.value), resolve: "vibekeeper contacts resolve \(short(settled.value.id))")
            }
        }
    }
}

// MARK: Reminders

/// `vibekeeper reminders list|add|cancel|delete`: reminders about gift ideas (the server's
/// automatic ones and the user's own).
struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "Reminders about gift ideas and occasions.", subcommands: [List.self, Add.self, Cancel.self, Delete.self],
        defaultSubcommand: List.self)

    /// `reminders list`: the server's automatic reminders and the user's own, soonest first.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List reminders, soonest first.")
        @Option(help: "Only reminders with this status: pending, sent, cancelled or failed.") var status: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                var filter = ReminderFilter()
                if let status {
                    guard let parsed = ReminderStatus(rawValue: status.lowercased()) else {
                        throw invalidField("status", "must be one of: \(ReminderStatus.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    filter.status = parsed
                }
                let ws = try options.workspace()
                let reminders: [Reminder]
                do {
                    reminders = try await withProgress("Loading reminders") { try await ws.api.reminders(filter) }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    reminders = await ws.sync.reminders(status: filter.status).map(\.value)
                }
                if options.json { try printJSON(reminders); return }
                guard !reminders.isEmpty else {
                    print("No reminders. Dated ideas and occasions get one automatically; add your own with `vibekeeper reminders add IDEA --at WHEN`.")
                    return
                }
                print(Render.reminders(reminders))
                print("\(count(reminders.count, "reminder")).")
            }
        }
    }

    /// `reminders add IDEA --at WHEN`: a reminder of the user's own about an idea.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remind yourself about an idea at a given time.")
        @Argument(help: "The idea's ID (or a unique prefix).") var idea: String
        @Option(help: "When: an ISO 8601 time (2027-03-05T09:00:00Z), or YYYY-MM-DD HH:MM or YYYY-MM-DD (09:00) in this machine's time zone.")
        var at: String
        @Option(help: "The text (default: about the idea).") var message: String?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                guard let when = Self.instant(at) else {
                    throw invalidField("scheduled_for", "must be an ISO 8601 date and time such as 2027-03-05T09:00:00Z")
                }
                let ws = try options.workspace()
                let record = try await ws.localIdea(idea)
                let created = try await ws.sync.createReminder(NewReminder(giftIdeaId: record.value.id, scheduledFor: when, message: message))
                try await ws.show(
                    created.value, status: created.syncStatus, done: "Reminder set for \(Render.instant(created.value.scheduledFor)).",
                    text: Render.reminders([created.value]), resolve: "vibekeeper sync")
            }
        }

        /// An instant from ISO 8601, or a local `YYYY-MM-DD[ HH:MM]` (09:00 when no time is given).
        static func instant(_ text: String) -> Date? {
            let text = text.trimmingCharacters(in: .whitespaces)
            if let date = WireFormat.parseDate(text) { return date }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone.current
            for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"] {
                formatter.dateFormat = format
                if let date = formatter.date(from: text) { return date }
            }
            guard let day = LocalDate(parsing: text) else { return nil }
            return day.instant(hour: 9, in: TimeZone.current)
        }
    }

    /// `reminders cancel`: stops a pending reminder but keeps it listed.
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Cancel a pending reminder (it stays listed as cancelled).")
        @Argument(help: "The reminder's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let record = try await ws.localReminder(id)
                let updated = try await ws.sync.updateReminder(record.value.id, ReminderChanges(status: .cancelled))
                try await ws.show(updated.value, status: updated.syncStatus, done: "Cancelled.", text: Render.reminders([updated.value]), resolve: "vibekeeper sync")
            }
        }
    }

    /// `reminders delete`: removes a reminder.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a reminder.")
        @Argument(help: "The reminder's ID (or a unique prefix).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await reporting(server: options.server) {
                let ws = try options.workspace()
                let record = try await ws.localReminder(id)
                let reminderID = record.value.id
                await ws.sync.deleteReminder(reminderID)
                await ws.reportNotices()
                if await ws.sync.outbox.contains(where: { $0.target == reminderID.uuid }) {
                    try await ws.reportKept()
                } else if await ws.sync.current.reminders[reminderID] != nil {
                    throw ClientError.conflict(status: 412, code: "precondition_failed", message: "not deleted: the reminder was changed on the server meanwhile.")
                } else {
                    ws.say("Deleted the reminder.")
                }
                if options.json { try printReport(Deleted(deleted: reminderID.description)) }
            }
        }
    }
}
