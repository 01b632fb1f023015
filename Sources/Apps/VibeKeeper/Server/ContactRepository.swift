import AppPlatform
import Foundation
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// The user's contacts (with aliases and free-form preferences) and their occasions. Every method
/// takes the user: another user's contact or occasion is indistinguishable from a missing one.
public struct ContactRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    static let columns = "id, name, relationship, preferences, notes, aliases, created_at, updated_at"
    static let rows = OwnedRows("contacts", alias: "c", columns: "\(unsafeRaw: columns)")

    /// One page of contacts, newest first.
    public struct Page: Sendable {
        public var contacts: [Contact]
        public var nextCursor: PageCursor?
    }

    /// The user's contacts newest first, `limit` at most, after `cursor` (`GET /contacts`).
    public func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> Page {
        try await database.read { db in
            let page = try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.contact(from:)) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return Page(contacts: page.items, nextCursor: page.next)
        }
    }

    /// All of the user's contacts by name (captures, search and export).
    public func list(for user: UserID) async throws -> [Contact] {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM contacts WHERE user_id = \(bind: user.uuid) ORDER BY name, id")
                .all().map(Self.contact(from:))
        }
    }

    public func find(_ id: ContactID, for user: UserID) async throws -> Contact? {
        try await database.read { db in try await Self.find(id, for: user, in: db) }
    }

    static func find(_ id: ContactID, for user: UserID, in db: any SQLDatabase) async throws -> Contact? {
        try await db.raw("SELECT \(unsafeRaw: columns) FROM contacts WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)")
            .first().map(contact(from:))
    }

    public func create(_ new: NewContact, for user: UserID) async throws -> Contact {
        let contact = newContact(new)
        try await database.transaction(owner: user.uuid) { db in try await Self.insert(contact, for: user, db) }
        return contact
    }

    /// The user's contact called `name` or known by it as an alias (ignoring case, accents and
    /// width), or a new contact of that name when there is none. Captures arriving together that
    /// name one new person make one contact: the look-up and the insert share a transaction that
    /// holds the user's contacts.
    public func namedOrCreated(_ name: String, for user: UserID) async throws -> Contact {
        let key = GiftIdeaRepository.foldedKey(name)
        let contact = newContact(NewContact(name: name))
        return try await database.transaction(owner: user.uuid) { db in
            try await db.serializeTransactions(on: "vibekeeper.contacts:" + user.description)
            let existing = try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM contacts WHERE user_id = \(bind: user.uuid) ORDER BY created_at, id")
                .all().map(Self.contact(from:))
            if let named = existing.first(where: { ([$0.name] + $0.aliases).contains { GiftIdeaRepository.foldedKey($0) == key } }) { return named }
            try await Self.insert(contact, for: user, db)
            return contact
        }
    }

    func newContact(_ new: NewContact) -> Contact {
        let now = clock.now()
        return Contact(
            id: ContactID(UUID.random()), name: new.name, relationship: new.relationship, preferences: new.preferences, notes: new.notes,
            aliases: new.aliases, createdAt: now, updatedAt: now)
    }

    static func insert(_ contact: Contact, for user: UserID, _ db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO contacts (id, user_id, name, relationship, preferences, notes, aliases, created_at, updated_at)
            VALUES (\(bind: contact.id.uuid), \(bind: user.uuid), \(bind: contact.name), \(bind: contact.relationship), \(bind: Self.json(contact.preferences)),
                \(bind: contact.notes), \(bind: Self.json(contact.aliases)), \(bind: contact.createdAt), \(bind: contact.updatedAt))
            """
        ).run()
    }

    /// Applies `input` to the user's contact; nil when there is none. Invalid changes throw the 422,
    /// a stale `ifMatch` the 412.
    public func update(_ id: ContactID, for user: UserID, with input: ContactChanges.Input, ifMatch: IfMatch? = nil) async throws -> Contact? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "contacts", id: id.uuid, user: user, in: db) else { return nil }
            guard var contact = try await Self.find(id, for: user, in: db) else { return nil }
            let changes = try ContactChanges.check(input, currentName: contact.name).get()
            try ifMatch?.verify(contact.updatedAt)
            if let name = changes.name {
                contact.name = name
                // The aliases never repeat the name: drop the one the contact is now called.
                contact.aliases = VibeKeeperRules.normalizedAliases(changes.aliases ?? contact.aliases, name: name)
            } else if let aliases = changes.aliases {
                contact.aliases = aliases
            }
            contact.relationship = changes.relationship.applied(to: contact.relationship)
            contact.notes = changes.notes.applied(to: contact.notes)
            if let preferences = changes.preferences { contact.preferences = preferences }
            contact.updatedAt = IfMatch.nextVersion(after: contact.updatedAt, now: now)
            try await db.raw(
                """
                UPDATE contacts SET name = \(bind: contact.name), relationship = \(bind: contact.relationship), preferences = \(bind: Self.json(contact.preferences)),
                    notes = \(bind: contact.notes), aliases = \(bind: Self.json(contact.aliases)), updated_at = \(bind: contact.updatedAt)
                WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                """
            ).run()
            return contact
        }
    }

    /// Deletes the user's contact and its occasions, keeping its ideas without a recipient; false when
    /// there is none. A stale `ifMatch` is the 412, and nothing is deleted.
    public func delete(_ id: ContactID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "contacts", id: id.uuid, user: user, in: db) else { return false }
            guard let contact = try await Self.find(id, for: user, in: db) else { return false }
            try ifMatch?.verify(contact.updatedAt)
            // Ideas stay, without a recipient (docs/vibekeeper.md, "API": deleting a contact keeps its ideas).
            try await db.raw("UPDATE gift_ideas SET recipient_id = NULL, updated_at = \(bind: clock.now()) WHERE recipient_id = \(bind: id.uuid)").run()
            try await db.raw("DELETE FROM occasions WHERE contact_id = \(bind: id.uuid)").run()
            try await db.raw("DELETE FROM contacts WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").run()
            return true
        }
    }

    // MARK: Occasions

    static func occasionColumns(_ db: any SQLDatabase) -> SQLQueryString {
        "id, contact_id, name, \(db.dateText("occasion_date")) AS occasion_date, recurring, created_at, updated_at"
    }

    /// The occasions of the user's contact, by date; nil when the contact is not the user's.
    public func occasions(of contact: ContactID, for user: UserID) async throws -> [Occasion]? {
        try await database.read { db in
            guard try await Self.find(contact, for: user, in: db) != nil else { return nil }
            return try await db.raw(
                "SELECT \(Self.occasionColumns(db)) FROM occasions WHERE contact_id = \(bind: contact.uuid) ORDER BY occasion_date, id"
            ).all().map(Self.occasion(from:))
        }
    }

    /// Every occasion of the user's contacts.
    public func allOccasions(for user: UserID) async throws -> [Occasion] {
        try await database.read { db in
            try await db.raw("SELECT \(Self.occasionColumns(db)) FROM occasions WHERE user_id = \(bind: user.uuid) ORDER BY occasion_date, id")
                .all().map(Self.occasion(from:))
        }
    }

    /// Adds an occasion to the user's contact; nil when the contact is not the user's.
    public func addOccasion(_ new: NewOccasion, to contact: ContactID, for user: UserID) async throws -> Occasion? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await Self.find(contact, for: user, in: db) != nil else { return nil }
            let occasion = Occasion(id: OccasionID(UUID.random()), contactId: contact, name: new.name, date: new.date, recurring: new.recurring, createdAt: now, updatedAt: now)
            try await db.raw(
                """
                INSERT INTO occasions (id, contact_id, user_id, name, occasion_date, recurring, created_at, updated_at)
                VALUES (\(bind: occasion.id.uuid), \(bind: contact.uuid), \(bind: user.uuid), \(bind: occasion.name), \(bind: occasion.date.description)\(db.dateCast),
                    \(bind: occasion.recurring), \(bind: now), \(bind: now))
                """
            ).run()
            return occasion
        }
    }

    static func findOccasion(_ id: OccasionID, for user: UserID, in db: any SQLDatabase) async throws -> Occasion? {
        try await db.raw("SELECT \(occasionColumns(db)) FROM occasions WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)")
            .first().map(occasion(from:))
    }

    /// Applies `changes` to the user's occasion; nil when there is none; a stale `ifMatch` is the 412.
    public func updateOccasion(_ id: OccasionID, for user: UserID, with changes: OccasionChanges, ifMatch: IfMatch? = nil) async throws -> Occasion? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "occasions", id: id.uuid, user: user, in: db) else { return nil }
            guard var occasion = try await Self.findOccasion(id, for: user, in: db) else { return nil }
            try ifMatch?.verify(occasion.updatedAt)
            if let name = changes.name { occasion.name = name }
            if let date = changes.date { occasion.date = date }
            if let recurring = changes.recurring { occasion.recurring = recurring }
            occasion.updatedAt = IfMatch.nextVersion(after: occasion.updatedAt, now: now)
            try await db.raw(
                """
                UPDATE occasions SET name = \(bind: occasion.name), occasion_date = \(bind: occasion.date.description)\(db.dateCast),
                    recurring = \(bind: occasion.recurring), updated_at = \(bind: occasion.updatedAt)
                WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                """
            ).run()
            return occasion
        }
    }

    /// Deletes the user's occasion; false when there is none; a stale `ifMatch` is the 412.
    public func deleteOccasion(_ id: OccasionID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "occasions", id: id.uuid, user: user, in: db) else { return false }
            guard let occasion = try await Self.findOccasion(id, for: user, in: db) else { return false }
            try ifMatch?.verify(occasion.updatedAt)
            try await db.raw("DELETE FROM occasions WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").run()
            return true
        }
    }

    // MARK: Rows

    static func contact(from row: any SQLRow) throws -> Contact {
        Contact(
            id: ContactID(try row.uuid("id")),
            name: try row.decode(column: "name", as: String.self),
            relationship: try row.decode(column: "relationship", as: String?.self),
            preferences: try decodeJSON([String: String].self, try row.decode(column: "preferences", as: String.self)),
            notes: try row.decode(column: "notes", as: String?.self),
            aliases: try decodeJSON([String].self, try row.decode(column: "aliases", as: String.self)),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }

    static func occasion(from row: any SQLRow) throws -> Occasion {
        let text = try row.decode(column: "occasion_date", as: String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "occasion_date is not a date: \(text)"))
        }
        return Occasion(
            id: OccasionID(try row.uuid("id")),
            contactId: ContactID(try row.uuid("contact_id")),
            name: try row.decode(column: "name", as: String.self),
            date: date,
            recurring: try row.decode(column: "recurring", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }

    /// JSON text columns (preferences, aliases): sorted keys, so equal values store equal text.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    static func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}
