import AppPlatform
import Foundation
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// The user's gift ideas (`gift_ideas`; docs/vibekeeper.md, "API"). Every method takes the user: another user's idea,
/// like another user's contact given as a recipient, is indistinguishable from a missing one.
public struct GiftIdeaRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// A recipient that is not one of the user's contacts.
    public struct RecipientNotFound: Error {}

    /// One page of ideas, newest first.
    public struct Page: Sendable {
        public var ideas: [GiftIdea]
        public var nextCursor: PageCursor?
    }

    static func columns(_ db: any SQLDatabase) -> SQLQueryString {
        """
        g.id, g.recipient_id, c.name AS recipient_name, g.idea, g.occasion, \(db.dateText("g.idea_date")) AS idea_date, g.tags, g.budget_amount,
        g.budget_currency, g.budget_range_min, g.budget_range_max, g.status, g.notes, g.needs_review, g.confidence, g.created_at, g.updated_at
        """
    }

    /// The user's ideas matching `filter`, newest first, after `cursor`. Ideas waiting in the review
    /// queue are left out unless `needsReview` asks for them alone.
    public func list(for user: UserID, filter: GiftIdeaFilter, limit: Int, cursor: PageCursor?, needsReview: Bool = false) async throws -> Page {
        try await database.read { db in
            var conditions: [SQLQueryString] = ["g.user_id = \(bind: user.uuid)", "g.needs_review = \(bind: needsReview)"]
            if let recipient = filter.recipientId { conditions.append("g.recipient_id = \(bind: recipient.uuid)") }
            if let occasion = filter.occasion { conditions.append("g.occasion_key = \(bind: Self.foldedKey(occasion))") }
            if let status = filter.status { conditions.append("g.status = \(bind: status.rawValue)") }
            if let tag = filter.tag { conditions.append(Self.contains("g.tags", Self.json(tag), db)) }
            // A price filter keeps ideas whose amount, or range, meets [min_price, max_price].
            let low: SQLQueryString = "COALESCE(g.budget_amount, g.budget_range_min, g.budget_range_max)"
            let high: SQLQueryString = "COALESCE(g.budget_amount, g.budget_range_max, g.budget_range_min)"
            if let minPrice = filter.minPrice { conditions.append("\(high) >= \(bind: minPrice)") }
            if let maxPrice = filter.maxPrice { conditions.append("\(low) <= \(bind: maxPrice)") }
            if let query = filter.query { conditions.append(Self.contains("g.search_text", Self.foldedKey(query), db)) }
            if let cursor { conditions.append(cursor.condition(table: "gift_ideas", alias: "g")) }
            let rows = try await db.raw(
                """
                SELECT \(Self.columns(db)) FROM gift_ideas g LEFT JOIN contacts c ON c.id = g.recipient_id
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY g.created_at DESC, g.id DESC LIMIT \(bind: limit + 1)
                """
            ).all()
            let page = PageCursor.page(try rows.map(Self.idea(from:)), limit: limit) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return Page(ideas: try await MediaLibrary.withMedia(page.items, for: user, in: db), nextCursor: page.next)
        }
    }

    public func find(_ id: GiftIdeaID, for user: UserID) async throws -> GiftIdea? {
        try await database.read { db in try await Self.find(id, for: user, in: db) }
    }

    static func find(_ id: GiftIdeaID, for user: UserID, in db: any SQLDatabase) async throws -> GiftIdea? {
        guard
            let idea = try await db.raw(
                "SELECT \(columns(db)) FROM gift_ideas g LEFT JOIN contacts c ON c.id = g.recipient_id WHERE g.id = \(bind: id.uuid) AND g.user_id = \(bind: user.uuid)"
            ).first().map(idea(from:))
        else { return nil }
        return try await MediaLibrary.withMedia([idea], for: user, in: db).first
    }

    /// Stores a new idea with the rows of its `media` (already in the media store), in one
    /// transaction holding the account's row; throws ``RecipientNotFound`` when the recipient is not
    /// the user's contact, `OwnerGone` when the account was deleted meanwhile.
    public func create(
        _ new: NewGiftIdea, for user: UserID, needsReview: Bool = false, confidence: Double? = nil, media: [MediaLibrary.StoredFile] = []
    ) async throws -> GiftIdea {
        let now = clock.now()
        let id = GiftIdeaID(UUID.random())
        return try await database.transaction(owner: user.uuid) { db in
            let recipientName = try await Self.recipientName(new.recipientId, for: user, in: db)
            var idea = GiftIdea(
                id: id, recipientId: new.recipientId, recipientName: recipientName, idea: new.idea, occasion: new.occasion, date: new.date, tags: new.tags,
                budgetAmount: new.budgetAmount, budgetCurrency: new.budgetCurrency, budgetRangeMin: new.budgetRangeMin, budgetRangeMax: new.budgetRangeMax,
                status: new.status, notes: new.notes, needsReview: needsReview, confidence: confidence, createdAt: now, updatedAt: now)
            idea.recipientName = recipientName
            try await db.raw(
                """
                INSERT INTO gift_ideas (id, user_id, recipient_id, idea, occasion, occasion_key, idea_date, tags, budget_amount, budget_currency, budget_range_min,
                    budget_range_max, status, notes, needs_review, confidence, search_text, created_at, updated_at)
                VALUES (\(bind: id.uuid), \(bind: user.uuid), \(bind: idea.recipientId?.uuid), \(bind: idea.idea), \(bind: idea.occasion),
                    \(bind: idea.occasion.map(Self.foldedKey)), \(bind: idea.date?.description)\(db.dateCast), \(bind: Self.json(idea.tags)), \(bind: idea.budgetAmount),
                    \(bind: idea.budgetCurrency), \(bind: idea.budgetRangeMin), \(bind: idea.budgetRangeMax), \(bind: idea.status.rawValue), \(bind: idea.notes),
                    \(bind: needsReview), \(bind: confidence), \(bind: Self.searchText(idea)), \(bind: now), \(bind: now))
                """
            ).run()
            try await MediaLibrary.attach(media, to: id, for: user, in: db)
            idea.mediaAssets = media.map(\.asset)
            return idea
        }
    }

    /// Applies `input` to the user's idea; nil when there is none. Invalid changes throw the 422,
    /// a recipient that is not the user's contact ``RecipientNotFound``, a stale `ifMatch` the 412.
    public func update(_ id: GiftIdeaID, for user: UserID, with input: GiftIdeaChanges.Input, ifMatch: IfMatch? = nil) async throws -> GiftIdea? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "gift_ideas", id: id.uuid, user: user, in: db) else { return nil }
            guard var idea = try await Self.find(id, for: user, in: db) else { return nil }
            let changes = try GiftIdeaChanges.check(input, currentMin: idea.budgetRangeMin, currentMax: idea.budgetRangeMax).get()
            try ifMatch?.verify(idea.updatedAt)
            switch changes.recipientId {
            case .unchanged: break
            case .cleared:
                idea.recipientId = nil
                idea.recipientName = nil
            case .set(let recipient):
                idea.recipientName = try await Self.recipientName(recipient, for: user, in: db)
                idea.recipientId = recipient
            }
            if let text = changes.idea { idea.idea = text }
            idea.occasion = changes.occasion.applied(to: idea.occasion)
            idea.date = changes.date.applied(to: idea.date)
            if let tags = changes.tags { idea.tags = tags }
            idea.budgetAmount = changes.budgetAmount.applied(to: idea.budgetAmount)
            if let currency = changes.budgetCurrency { idea.budgetCurrency = currency }
            idea.budgetRangeMin = changes.budgetRangeMin.applied(to: idea.budgetRangeMin)
            idea.budgetRangeMax = changes.budgetRangeMax.applied(to: idea.budgetRangeMax)
            if let status = changes.status { idea.status = status }
            idea.notes = changes.notes.applied(to: idea.notes)
            idea.updatedAt = IfMatch.nextVersion(after: idea.updatedAt, now: now)
            try await db.raw(
                """
                UPDATE gift_ideas SET recipient_id = \(bind: idea.recipientId?.uuid), idea = \(bind: idea.idea), occasion = \(bind: idea.occasion),
                    occasion_key = \(bind: idea.occasion.map(Self.foldedKey)), idea_date = \(bind: idea.date?.description)\(db.dateCast), tags = \(bind: Self.json(idea.tags)),
                    budget_amount = \(bind: idea.budgetAmount), budget_currency = \(bind: idea.budgetCurrency), budget_range_min = \(bind: idea.budgetRangeMin),
                    budget_range_max = \(bind: idea.budgetRangeMax), status = \(bind: idea.status.rawValue), notes = \(bind: idea.notes),
                    search_text = \(bind: Self.searchText(idea)), updated_at = \(bind: idea.updatedAt)
                WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                """
            ).run()
            return idea
        }
    }

    /// Deletes the user's idea; false when there is none. Its media rows go with it; the bytes'
    /// keys are what ``deleteReturningMedia(_:for:)`` returns.
    public func delete(_ id: GiftIdeaID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await deleteReturningMedia(id, for: user, ifMatch: ifMatch) != nil
    }

    /// Deletes the user's idea and answers the storage keys of its media (read in the same
    /// transaction), for the caller to remove from the media store; nil when there is no such idea.
    /// A stale `ifMatch` is the 412, and nothing is deleted.
    public func deleteReturningMedia(_ id: GiftIdeaID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> [String]? {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "gift_ideas", id: id.uuid, user: user, in: db) else { return nil }
            guard let row = try await db.raw("SELECT updated_at FROM gift_ideas WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first() else { return nil }
            try ifMatch?.verify(try row.decode(column: "updated_at", as: Date.self))
            let keys = try await db.raw("SELECT storage_key FROM media_assets WHERE gift_idea_id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").all()
                .map { try $0.decode(column: "storage_key", as: String.self) }
            try await db.raw("DELETE FROM gift_ideas WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").run()
            return keys
        }
    }

    /// The user's most recent ideas for `recipient` (or with none), reviewed or not: what a new
    /// capture is compared with for duplicates.
    public func recent(for user: UserID, recipient: ContactID?, limit: Int) async throws -> [GiftIdea] {
        try await database.read { db in
            let recipientCondition: SQLQueryString = recipient.map { "g.recipient_id = \(bind: $0.uuid)" } ?? "g.recipient_id IS NULL"
            let ideas = try await db.raw(
                """
                SELECT \(Self.columns(db)) FROM gift_ideas g LEFT JOIN contacts c ON c.id = g.recipient_id
                WHERE g.user_id = \(bind: user.uuid) AND \(recipientCondition) ORDER BY g.created_at DESC, g.id DESC LIMIT \(bind: limit)
                """
            ).all().map(Self.idea(from:))
            return try await MediaLibrary.withMedia(ideas, for: user, in: db)
        }
    }

    /// Marks the user's idea reviewed, applying `changes` first; nil when there is no such idea
    /// waiting for review.
    public func accept(_ id: GiftIdeaID, for user: UserID, with input: GiftIdeaChanges.Input?) async throws -> GiftIdea? {
        guard let waiting = try await find(id, for: user), waiting.needsReview else { return nil }
        if let input { guard try await update(id, for: user, with: input) != nil else { return nil } }
        return try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                "UPDATE gift_ideas SET needs_review = \(bind: false), updated_at = \(bind: clock.now()) WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)"
            ).run()
            return try await Self.find(id, for: user, in: db)
        }
    }

    /// Every idea of the user (the export).
    public func all(for user: UserID) async throws -> [GiftIdea] {
        try await database.read { db in
            let ideas = try await db.raw(
                "SELECT \(Self.columns(db)) FROM gift_ideas g LEFT JOIN contacts c ON c.id = g.recipient_id WHERE g.user_id = \(bind: user.uuid) ORDER BY g.created_at, g.id"
            ).all().map(Self.idea(from:))
            return try await MediaLibrary.withMedia(ideas, for: user, in: db)
        }
    }

    // MARK: Helpers

    static func recipientName(_ recipient: ContactID?, for user: UserID, in db: any SQLDatabase) async throws -> String? {
        guard let recipient else { return nil }
        guard let row = try await db.raw("SELECT name FROM contacts WHERE id = \(bind: recipient.uuid) AND user_id = \(bind: user.uuid)").first() else {
            throw RecipientNotFound()
        }
        return try row.decode(column: "name", as: String.self)
    }

    /// `haystack` contains `needle`, on either dialect.
    static func contains(_ column: String, _ needle: String, _ db: any SQLDatabase) -> SQLQueryString {
        db.isPostgres ? "strpos(\(unsafeRaw: column), \(bind: needle)) > 0" : "instr(\(unsafeRaw: column), \(bind: needle)) > 0"
    }

    /// Case- and accent-insensitive text for matching (`occasion` filter, `q`), folded in Swift so
    /// both databases compare the same bytes.
    static func foldedKey(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// What `q` searches: the idea, occasion, notes and tags.
    static func searchText(_ idea: GiftIdea) -> String {
        foldedKey(([idea.idea, idea.occasion ?? "", idea.notes ?? ""] + idea.tags).joined(separator: "\n"))
    }

    static func idea(from row: any SQLRow) throws -> GiftIdea {
        let dateText = try row.decode(column: "idea_date", as: String?.self)
        return GiftIdea(
            id: GiftIdeaID(try row.uuid("id")),
            recipientId: try row.optionalUUID("recipient_id").map { ContactID($0) },
            recipientName: try row.decode(column: "recipient_name", as: String?.self),
            idea: try row.decode(column: "idea", as: String.self),
            occasion: try row.decode(column: "occasion", as: String?.self),
            date: dateText.flatMap { LocalDate($0) },
            tags: try ContactRepository.decodeJSON([String].self, try row.decode(column: "tags", as: String.self)),
            budgetAmount: try row.decode(column: "budget_amount", as: Double?.self),
            budgetCurrency: try row.decode(column: "budget_currency", as: String.self),
            budgetRangeMin: try row.decode(column: "budget_range_min", as: Double?.self),
            budgetRangeMax: try row.decode(column: "budget_range_max", as: Double?.self),
            status: GiftIdeaStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .idea,
            notes: try row.decode(column: "notes", as: String?.self),
            needsReview: try row.decode(column: "needs_review", as: Bool.self),
            confidence: try row.decode(column: "confidence", as: Double?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }

    static func json(_ value: some Encodable) -> String { ContactRepository.json(value) }
}
