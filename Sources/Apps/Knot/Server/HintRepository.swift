import AIProviders
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import Synchronization

/// Hints hang off the user's vault; their vectors live in the shared vector index under the
/// `knot.hints` collection, owned by the user (so account deletion removes them by cascade).
public struct HintRepository: Sendable {
    public static let collection = "knot.hints"
    let database: any Database
    let vectors: any VectorIndex
    let embedder: any Embedder
    let clock: any TimeSource
    let logger: Logger
    /// Users known to have a vault (see ``create(text:source:user:)``).
    let knownVaultOwners = KnownUsers(capacity: 65_536)
    /// On PostgreSQL, page reads that arrive while others run go to the database together (issue 13).
    let pageReads: Coalescer<HintPageRequest, [UInt8]?>?
    /// Writes and reads the pages' `next_cursor`, bound to the user it is issued to.
    public let cursors: PageCursorSigner

    /// - Parameter cursors: the signer of the hint list's cursors (``PageCursorSigner``, from the server secret).
    public init(database: any Database, vectors: any VectorIndex, embedder: any Embedder, clock: any TimeSource, logger: Logger, cursors: PageCursorSigner) {
        self.cursors = cursors
        self.database = database
        self.vectors = vectors
        self.embedder = embedder
        self.clock = clock
        self.logger = logger
        self.pageReads = database.kind == .postgres ? Self.coalescedPageReads(on: database, cursors: cursors) : nil
    }

    /// Stores a hint in the user's vault with its embedding; nil, storing nothing, when the user has
    /// no vault (the route's 404). The embedding is computed before the transaction; if the embedder
    /// fails the hint is still stored (search skips it until re-embedded).
    ///
    /// The vault is found by the insert itself (`INSERT … SELECT` from the user's vault), so nothing
    /// is stored without one. Whether the user has a vault is also checked *before* embedding — an
    /// embedder may be a paid call — but only until a hint has been stored for them: a vault is never
    /// deleted on its own (only with its account), so ``knownVaultOwners`` remembers them and their
    /// later writes skip that read (issue 13: it was a read of its own on every hint write).
    public func create(text: String, source: HintSource, user: UserID) async throws -> Hint? {
        let knownOwner = knownVaultOwners.contains(user)
        if !knownOwner {
            guard try await hasVault(user) else { return nil }
        }
        let hint = Hint(id: HintID(), hintText: text, source: source, isUsed: false, createdAt: clock.now())
        var vector: [Float]?
        do {
            vector = try await embedder.embed(text)
        } catch {
            logger.warning("hint embedding failed; storing without a vector", metadata: ["error": "\(error)"])
        }
        let embedding = vector
        let model = embedder.model
        let stored = try await database.transaction(owner: user.uuid) { db -> Bool in
            var inserted = false
            try await db.forEachRow(
                Self.insertStatement, [hint.id.uuid, hint.hintText, hint.source.rawValue, false, hint.createdAt, user.uuid]
            ) { _ in inserted = true }
            guard inserted else { return false }
            if let embedding {
                try await vectors.upsert(VectorEntry(collection: Self.collection, itemID: hint.id.uuid, ownerID: user, model: model, vector: embedding), on: db)
            }
            return true
        }
        if stored {
            if !knownOwner { knownVaultOwners.insert(user) }
        } else {
            knownVaultOwners.remove(user)
        }
        return stored ? hint : nil
    }

    /// The hint write's insert, from the user's vault (none without one): values are the hint's id,
    /// text, source, `is_used`, creation time, and the user (``FixedSQL``: no serialization per write).
    private static let insertStatement = FixedSQL(
        """
        INSERT INTO hints (id, vault_id, hint_text, source, is_used, created_at)
        SELECT ?, v.id, ?, ?, ?, ? FROM partner_vaults v WHERE v.user_id = ?
        RETURNING id
        """)

    /// Whether the user has a vault.
    func hasVault(_ user: UserID) async throws -> Bool {
        try await database.read { db in try await VaultRepository.vaultID(of: user, on: db) != nil }
    }

    /// A page of the user's hints, newest first, after `cursor` (the previous page's `next_cursor`,
    /// read by ``cursors`` for this user) or skipping `offset`; nil when the user has no vault (a 404,
    /// docs/knot.md, "API").
    public func list(for user: UserID, limit: Int, cursor: HintCursor?, offset: Int = 0) async throws -> HintPage? {
        try await database.read { db in
            var hints: [Hint] = []
            var next: String?
            guard
                let total = try await Self.readPage(
                    on: db, user: user, limit: limit, cursor: cursor, offset: offset,
                    { row in
                        guard hints.count < limit else {
                            next = hints.last.map { cursors.encode(HintCursor(createdAt: $0.createdAt, id: $0.id.uuid), for: user.uuid) }
                            return
                        }
                        hints.append(try Self.hint(from: row))
                    })
            else { return nil }
            return HintPage(hints: hints, total: total, nextCursor: next)
        }
    }

    /// The same page as ``list(for:limit:cursor:offset:)``, as the JSON `GET /hints` answers with,
    /// written from the rows as they are read (``HintPageJSONWriter``): no `Hint` values in between.
    /// This is the read on every hint-list request (issue 13); a test holds the two to the same bytes.
    /// On PostgreSQL it goes through ``pageReads``: requests arriving together share one statement.
    public func listJSON(for user: UserID, limit: Int, cursor: HintCursor?, offset: Int = 0) async throws -> [UInt8]? {
        if let pageReads {
            return try await pageReads.perform(HintPageRequest(user: user, limit: limit, cursor: cursor, offset: offset))
        }
        return try await database.read { db in
            var page = HintPageRows(limit: limit, cursors: cursors, user: user)
            guard
                let total = try await Self.readPage(
                    on: db, user: user, limit: limit, cursor: cursor, offset: offset,
                    { row in try page.take(row, from: 0) })
            else { return nil }
            return page.finish(total: total)
        }
    }

    /// Page reads on PostgreSQL, grouped (``Coalescer``, ``HintPageBatch``): two batches at once.
    /// Measured at 100 connections on two cores (`scripts/bench-compare --postgres`, 3 rounds each):
    /// one batch at a time read 14 % fewer pages a second than four (the server waits for each round
    /// trip), and four 9 % fewer than two (smaller batches). Up to 1,024 requests a batch, so that a
    /// waiting request goes in the very next one.
    static func coalescedPageReads(on database: any Database, cursors: PageCursorSigner) -> Coalescer<HintPageRequest, [UInt8]?> {
        Coalescer(maxInFlight: 2, maxBatch: 1024) { requests in
            try await database.read { db in try await HintPageBatch.read(requests, cursors: cursors, on: db) }
        }
    }

    /// Runs the page's one statement on `db`, handing `body` each of its rows (up to `limit + 1`: one
    /// more than the page, to tell whether another follows). Returns the total number of the user's
    /// hints, or nil when the user has no vault.
    private static func readPage(
        on db: any SQLDatabase, user: UserID, limit: Int, cursor: HintCursor?, offset: Int, _ body: (borrowing ResultRow) throws -> Void
    ) async throws -> Int? {
        let statement = pageStatements[(cursor == nil ? 0 : 2) + (offset > 0 ? 1 : 0)]
        var values: [any Encodable & Sendable] = [user.uuid, user.uuid]
        if let cursor { values += [cursor.id, cursor.createdAt, cursor.id, cursor.createdAt, cursor.id] }
        values.append(limit + 1)
        if offset > 0 { values.append(offset) }
        var total: Int?
        try await db.forEachRow(statement, values) { row in
            if total == nil { total = try row.int(5) }
            try body(row)
        }
        if let total { return total }
        // An empty page: is there a vault at all, and how many hints does it hold?
        return try await db.firstRow(
            """
            SELECT (SELECT COUNT(*) FROM hints h WHERE h.vault_id = v.id) AS total FROM partner_vaults v WHERE v.user_id = \(bind: user.uuid)
            """,
            { try $0.int(0) }
        )
    }

    /// The page's one statement (``FixedSQL``: it runs on every `GET /hints`), by whether a cursor
    /// and an offset are given: `[none, offset, cursor, cursor and offset]`. It reads the page and the
    /// total (an uncorrelated subquery, evaluated once); its values are the user twice, with a cursor
    /// its hint's id and time as the `after` condition below places them, `limit + 1`, and any offset.
    private static let pageStatements: [FixedSQL] = [(false, false), (false, true), (true, false), (true, true)].map { hasCursor, hasOffset in
        // Compare against the stored timestamp of the cursor's hint (exact on both databases);
        // the timestamp carried in the cursor is the fallback when that hint was deleted since.
        let position = "COALESCE((SELECT created_at FROM hints WHERE id = ?), ?)"
        let after = hasCursor ? " AND (h.created_at < \(position) OR (h.created_at = \(position) AND h.id < ?))" : ""
        return FixedSQL(
            """
            SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at,
                (SELECT COUNT(*) FROM hints h2 JOIN partner_vaults v2 ON v2.id = h2.vault_id WHERE v2.user_id = ?) AS total
            FROM hints h JOIN partner_vaults v ON v.id = h.vault_id
            WHERE v.user_id = ?\(after)
            ORDER BY h.created_at DESC, h.id DESC LIMIT ?\(hasOffset ? " OFFSET ?" : "")
            """)
    }

    /// A hint from a row whose first five columns are `id, hint_text, source, is_used, created_at`.
    static func hint(from row: borrowing ResultRow) throws -> Hint {
        Hint(
            id: HintID(try row.uuid(0)),
            hintText: try row.string(1),
            source: try row.withText(2, HintPageRows.source),
            isUsed: try row.bool(3),
            createdAt: try row.date(4)
        )
    }

    /// Deletes one of the user's hints and its vector. Returns false when there is no such hint
    /// *for this user* (another user's hint looks exactly like a missing one).
    public func delete(_ id: HintID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            let deleted = try await db.raw(
                """
                DELETE FROM hints WHERE id = \(bind: id.uuid) AND vault_id IN (SELECT id FROM partner_vaults WHERE user_id = \(bind: user.uuid)) RETURNING id
                """
            ).all()
            guard !deleted.isEmpty else { return false }
            try await vectors.delete(collection: Self.collection, itemID: id.uuid, on: db)
            return true
        }
    }

    /// The user's hints most similar in meaning to `query`, best first.
    public func search(_ query: String, for user: UserID, limit: Int) async throws -> [ScoredHint] {
        let vector = try await embedder.embed(query)
        let model = embedder.model
        return try await database.read { db in
            let matches = try await vectors.search(collection: Self.collection, owner: user, model: model, query: vector, limit: limit, on: db)
            guard !matches.isEmpty else { return [] }
            var hints: [UUID: Hint] = [:]
            for match in matches {
                if let hint = try await db.firstRow(
                    """
                    SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at FROM hints h JOIN partner_vaults v ON v.id = h.vault_id
                    WHERE h.id = \(bind: match.itemID) AND v.user_id = \(bind: user.uuid)
                    """,
                    Self.hint(from:)
                ) {
                    hints[match.itemID] = hint
                }
            }
            return matches.compactMap { match in
                hints[match.itemID].map {
                    ScoredHint(
                        id: $0.id, hintText: $0.hintText, source: $0.source, isUsed: $0.isUsed, createdAt: $0.createdAt,
                        similarity: (match.similarity * 10_000).rounded() / 10_000)
                }
            }
        }
    }

    /// Every hint of the user, for exports.
    public func all(for user: UserID) async throws -> [Hint] {
        try await database.read { db in
            try await db.rows(
                """
                SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at FROM hints h JOIN partner_vaults v ON v.id = h.vault_id
                WHERE v.user_id = \(bind: user.uuid) ORDER BY h.created_at DESC, h.id DESC
                """,
                Self.hint(from:)
            )
        }
    }
}

/// Hint pages use the platform's keyset cursor.
public typealias HintCursor = PageCursor
