import AppPlatform
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The users' watchlists (`farelens_watchlists`). Every method takes the user: another user's
/// watchlist is a missing one. The tier's limit counts active (unpaused) watchlists; a create, a
/// resume and a tier change take the user's watchlist lock first (an advisory lock on PostgreSQL,
/// the single writer on SQLite), so concurrent creates never pass the limit.
public struct WatchlistRepository: RouteWatcherCounting {
    let database: any Database
    let clock: any TimeSource
    let catalog: AirportCatalog

    public init(database: any Database, clock: any TimeSource, catalog: AirportCatalog = .shipped) {
        self.database = database
        self.clock = clock
        self.catalog = catalog
    }

    /// A page of the user's watchlists, newest first (paused ones too).
    public func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (watchlists: [Watchlist], next: PageCursor?) {
        try await database.read { db in
            let page = try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.watchlist(from:)) {
                PageCursor(createdAt: $0.createdAt, id: $0.id.uuid)
            }
            return (page.items, page.next)
        }
    }

    /// Every watchlist of the user, oldest first (their export).
    public func all(for user: UserID) async throws -> [Watchlist] {
        try await database.read { db in try await Self.rows.all(for: user, in: db, decode: Self.watchlist(from:)) }
    }

    /// The user's watchlist `id`; nil when they have none of that id.
    public func find(_ id: WatchlistID, for user: UserID) async throws -> Watchlist? {
        try await database.read { db in try await Self.find(id, for: user, db) }
    }

    /// Adds an active watchlist; ``TierLimitExceeded`` when the user's tier has no room for another.
    public func create(_ entry: WatchlistInput.Entry, for user: UserID) async throws -> Watchlist {
        let now = clock.now()
        let watchlist = Watchlist(
            id: WatchlistID(), origin: entry.origin, destination: entry.destination, departureFrom: entry.departureFrom, departureTo: entry.departureTo,
            maxPriceCents: entry.maxPriceCents, currency: entry.currency, alertsEnabled: entry.alertsEnabled, paused: false, createdAt: now, updatedAt: now)
        try await database.transaction(owner: user.uuid) { db in
            try await Self.requireRoom(for: user, db)
            try await db.raw(
                """
                INSERT INTO farelens_watchlists (id, user_id, origin, destination, departure_from, departure_to, max_price_cents, currency, alerts_enabled,
                    paused_reason, created_at, updated_at)
                VALUES (\(bind: watchlist.id.uuid), \(bind: user.uuid), \(bind: watchlist.origin), \(bind: watchlist.destination),
                    \(bind: watchlist.departureFrom?.text), \(bind: watchlist.departureTo?.text), \(bind: watchlist.maxPriceCents), \(bind: watchlist.currency),
                    \(bind: watchlist.alertsEnabled), NULL, \(bind: now), \(bind: now))
                """
            ).run()
        }
        return watchlist
    }

    /// Replaces the user's watchlist; nil when they have none of that id. `paused: false` resumes a
    /// paused one only when the tier has room (else ``TierLimitExceeded``); `paused: true` pauses an
    /// active one (a downgrade's pause stays the downgrade's, so an upgrade still resumes it). A stale
    /// `ifMatch` is ``EntityChanged`` and nothing changes.
    public func update(_ id: WatchlistID, with entry: WatchlistInput.Entry, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Watchlist? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "farelens_watchlists", id: id.uuid, user: user, in: db),
                let row = try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM farelens_watchlists w WHERE w.id = \(bind: id.uuid) AND w.user_id = \(bind: user.uuid)")
                    .first()
            else { return nil }
            let stored = try row.decode(column: "updated_at", as: Date.self)
            try ifMatch?.verify(stored)
            var reason = try row.decode(column: "paused_reason", as: String?.self)
            switch entry.paused {
            case true?: reason = reason ?? PauseReason.user
            case false? where reason != nil:
                try await Self.requireRoom(for: user, db)
                reason = nil
            default: break
            }
            try await db.raw(
                """
                UPDATE farelens_watchlists SET origin = \(bind: entry.origin), destination = \(bind: entry.destination),
                    departure_from = \(bind: entry.departureFrom?.text), departure_to = \(bind: entry.departureTo?.text),
                    max_price_cents = \(bind: entry.maxPriceCents), currency = \(bind: entry.currency), alerts_enabled = \(bind: entry.alertsEnabled),
                    paused_reason = \(bind: reason), updated_at = \(bind: IfMatch.nextVersion(after: stored, now: now))
                WHERE id = \(bind: id.uuid)
                """
            ).run()
            return try await Self.find(id, for: user, db)
        }
    }

    /// Deletes the user's watchlist; false when they have none of that id. A stale `ifMatch` is
    /// ``EntityChanged`` and nothing is deleted.
    public func delete(_ id: WatchlistID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "farelens_watchlists", id: id.uuid, user: user, in: db),
                let row = try await db.raw("SELECT updated_at FROM farelens_watchlists WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first()
            else { return false }
            try ifMatch?.verify(try row.decode(column: "updated_at", as: Date.self))
            try await db.raw("DELETE FROM farelens_watchlists WHERE id = \(bind: id.uuid)").run()
            return true
        }
    }

    /// The user's active watchlists as the smart queue matches them, oldest first.
    public func activeCriteria(for user: UserID) async throws -> [WatchlistCriteria] {
        try await database.read { db in
            try await db.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM farelens_watchlists w WHERE w.user_id = \(bind: user.uuid) AND w.paused_reason IS NULL ORDER BY w.created_at, w.id"
            ).all().map { try Self.watchlist(from: $0).criteria }
        }
    }

    /// How many active watchlists follow the route between these airports: those on the airports
    /// themselves and those on a metro code holding them (a watchlist NYC→LON counts for JFK→LHR).
    public func watcherCount(origin: String, destination: String) async throws -> Int {
        let origins = covering(origin.uppercased())
        let destinations = covering(destination.uppercased())
        return try await database.read { db in
            try await db.raw(
                """
                SELECT COUNT(*) AS n FROM farelens_watchlists
                WHERE paused_reason IS NULL AND \(db.isOneOf("origin", origins)) AND \(db.isOneOf("destination", destinations))
                """
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// `code` and the metro codes holding it.
    func covering(_ code: String) -> [String] {
        [code] + catalog.metroCodes(containing: code)
    }

    /// Puts the user's watchlists in line with `tier`, inside `db`'s transaction (the account's tier
    /// change): past the tier's limit the newest active ones are paused (never deleted); with room,
    /// the ones a downgrade paused are resumed, oldest first. Those their owner paused stay paused.
    static func applyTier(_ tier: FareLensTier, for user: UserID, at now: Date, in db: any SQLDatabase) async throws {
        try await lock(user, db)
        let active = try await db.raw(
            "SELECT id FROM farelens_watchlists WHERE user_id = \(bind: user.uuid) AND paused_reason IS NULL ORDER BY created_at DESC, id DESC"
        ).all().map { try $0.uuid("id") }
        let limit = tier.entitlements.maxWatchlists ?? Int.max
        if active.count > limit {
            try await setReason(PauseReason.tier, of: Array(active.prefix(active.count - limit)), at: now, db)
        } else if active.count < limit {
            let paused = try await db.raw(
                "SELECT id FROM farelens_watchlists WHERE user_id = \(bind: user.uuid) AND paused_reason = \(bind: PauseReason.tier) ORDER BY created_at, id"
            ).all().map { try $0.uuid("id") }
            try await setReason(nil, of: Array(paused.prefix(limit - active.count)), at: now, db)
        }
    }

    static func setReason(_ reason: String?, of ids: [UUID], at now: Date, _ db: any SQLDatabase) async throws {
        guard !ids.isEmpty else { return }
        try await db.raw("UPDATE farelens_watchlists SET paused_reason = \(bind: reason), updated_at = \(bind: now) WHERE \(db.isOneOf("id", ids))").run()
    }

    /// Takes the user's watchlist lock, then throws ``TierLimitExceeded`` unless their tier allows
    /// one more active watchlist.
    static func requireRoom(for user: UserID, _ db: any SQLDatabase) async throws {
        try await lock(user, db)
        let tier = try await FareLensAccountRepository.account(for: user, in: db).tier
        guard let limit = tier.entitlements.maxWatchlists else { return }
        let active =
            try await db.raw("SELECT COUNT(*) AS n FROM farelens_watchlists WHERE user_id = \(bind: user.uuid) AND paused_reason IS NULL").first()?
            .decode(column: "n", as: Int.self) ?? 0
        guard active < limit else { throw TierLimitExceeded.watchlists(tier: tier, limit: limit) }
    }

    /// Serialises the user's limit checks until the transaction ends (SQLite's writes are serial already).
    static func lock(_ user: UserID, _ db: any SQLDatabase) async throws {
        try await db.serializeTransactions(on: "farelens-watchlists:" + user.description)
    }

    /// The values of `paused_reason`.
    enum PauseReason {
        static let tier = "tier"
        static let user = "user"
    }

    static func find(_ id: WatchlistID, for user: UserID, _ db: any SQLDatabase) async throws -> Watchlist? {
        try await db.raw("SELECT \(unsafeRaw: columns) FROM farelens_watchlists w WHERE w.id = \(bind: id.uuid) AND w.user_id = \(bind: user.uuid)")
            .first().map(watchlist(from:))
    }

    static let columns =
        "w.id, w.origin, w.destination, w.departure_from, w.departure_to, w.max_price_cents, w.currency, w.alerts_enabled, w.paused_reason, w.created_at, w.updated_at"
    static let rows = OwnedRows("farelens_watchlists", alias: "w", columns: "\(unsafeRaw: columns)")

    static func watchlist(from row: any SQLRow) throws -> Watchlist {
        Watchlist(
            id: WatchlistID(try row.uuid("id")), origin: try row.decode(column: "origin", as: String.self),
            destination: try row.decode(column: "destination", as: String.self),
            departureFrom: try row.decode(column: "departure_from", as: String?.self).flatMap { LocalDate($0) },
            departureTo: try row.decode(column: "departure_to", as: String?.self).flatMap { LocalDate($0) },
            maxPriceCents: try row.decode(column: "max_price_cents", as: Int?.self), currency: try row.decode(column: "currency", as: String.self),
            alertsEnabled: try row.decode(column: "alerts_enabled", as: Bool.self), paused: try row.decode(column: "paused_reason", as: String?.self) != nil,
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }
}
