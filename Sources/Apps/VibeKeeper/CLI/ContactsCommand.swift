import ArgumentParser
import CLISupport
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
            try await options.run { ws in
                let contacts: [Contact]
                do {
                    contacts = try await withProgress("Loading contacts") { try await ws.api.contacts() }
                } catch ClientError.offline(let detail) {
                    await ws.offlineNote(detail)
                    contacts = await ws.sync.contacts().map(\.value)
                }
                try options.show(contacts) { contacts in
                    guard !contacts.isEmpty else { return "No contacts yet. Add one: vibekeeper contacts add Linda --relationship mother --alias Mom" }
                    let rows = contacts.map { [short($0.id), $0.name, $0.relationship ?? "—", $0.aliases.joined(separator: ", ")] }
                    return table(["ID", "NAME", "RELATIONSHIP", "ALSO CALLED"], rows) + "\n" + "\(count(contacts.count, "contact"))."
                }
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
            try await options.run { ws in
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
            try await options.run { ws in
                let id = try await ws.contactID(contact, fromServer: true)
                var found: Contact
                var occasions: [Occasion]
                do {
                    found = try await withProgress("Loading the contact") { try await ws.api.send(VibeKeeperRoutes.contact, id) }
                    occasions = try await ws.api.send(VibeKeeperRoutes.occasions, id)
                } catch ClientError.offline(let detail) {
                    guard let record = await ws.sync.contact(id) else { throw ClientError.offline(detail) }
                    await ws.offlineNote(detail)
                    found = record.value
                    occasions = await ws.sync.occasions(of: id).map(\.value)
                }
                try options.show(found) { Render.contact($0, occasions: occasions) }
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
            try await options.run { ws in
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
            try await options.run { ws in
                let record = try await ws.localContact(contact)
                let id = record.value.id
                await ws.sync.deleteContact(id)
                try await ws.reportDeleted(id.uuid, what: "the contact", done: "Deleted \(record.value.name).") { await ws.sync.contact(id) != nil }
            }
        }
    }

    /// `contacts occasions`: a person's dated occasions.
    struct Occasions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a contact's occasions by date.")
        @Argument(help: "The contact (ID, ID prefix, name or alias).") var contact: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let id = try await ws.contactID(contact, fromServer: true)
                let occasions: [Occasion]
                do {
                    occasions = try await withProgress("Loading occasions") { try await ws.api.send(VibeKeeperRoutes.occasions, id) }
                } catch ClientError.offline(let detail) {
                    guard await ws.sync.contact(id) != nil else { throw ClientError.offline(detail) }
                    await ws.offlineNote(detail)
                    occasions = await ws.sync.occasions(of: id).map(\.value)
                }
                try options.show(occasions) { occasions in
                    occasions.isEmpty ? "No occasions yet." : occasions.map(Render.occasionLine).joined(separator: "\n")
                }
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
            try await options.run { ws in
                let day = try IdeaEditOptions.date(date)
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
        @OptionGroup var choice: KeepChoice
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { ws in
                let record = try await ws.localContact(contact)
                guard record.syncStatus == .conflict else {
                    ws.say("Nothing to settle: \(record.value.name) is not in conflict.")
                    return
                }
                await ws.sync.resolveConflict(contact: record.value.id, keepingMine: choice.keepingMine)
                let settled = await ws.sync.contact(record.value.id) ?? record
                try await ws.show(
                    settled.value, status: settled.syncStatus, done: choice.settled,
                    text: Render.contact(settled.value), resolve: "vibekeeper contacts resolve \(short(settled.value.id))")
            }
        }
    }
}
