import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// `farelens_alerts`: the alert history. Every alert is written with its outcome; deferred ones are
/// found again when due and updated with what became of them at the end of quiet hours.
public struct AlertHistoryRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    static let columns: SQLQueryString =
        "id, user_id, watchlist_id, origin, destination, departure_date, airline, price_cents, currency, deal_score, queue_score, status, delivery, deliver_at, created_at"

    func insert(_ record: AlertRecord) async throws {
        let e = record.entry
        try await database.transaction(owner: record.userID.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_alerts (\(Self.columns), updated_at)
                VALUES (\(bind: e.id.uuid), \(bind: record.userID.uuid), \(bind: e.watchlistID.uuid), \(bind: e.origin), \(bind: e.destination), \(bind: e.departureDate.text),
                    \(bind: e.airline), \(bind: e.priceCents), \(bind: e.currency), \(bind: e.dealScore), \(bind: e.queueScore), \(bind: e.status.rawValue),
                    \(bind: record.delivery), \(bind: e.deliverAt), \(bind: e.createdAt), \(bind: e.createdAt))
                """
            ).run()
        }
    }

    /// Sets what became of a deferred alert.
    func update(_ id: AlertID, status: AlertStatus, delivery: String?, deliverAt: Date?) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE farelens_alerts SET status = \(bind: status.rawValue), delivery = \(bind: delivery), deliver_at = \(bind: deliverAt), updated_at = \(bind: now)
                WHERE id = \(bind: id.uuid)
                """
            ).run()
        }
    }

    /// Deferred alerts due by `now`, each user's in queue order (best first; equal ones in the order
    /// they came, as the smart queue keeps them), at most `limit`.
    func due(by now: Date, limit: Int = 1000) async throws -> [AlertRecord] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT \(Self.columns) FROM farelens_alerts WHERE status = 'deferred' AND deliver_at <= \(bind: now)
                ORDER BY user_id, queue_score DESC, price_cents, departure_date, created_at, id LIMIT \(bind: limit)
                """
            ).all().compactMap(Self.record(from:))
        }
    }

    /// A page of the user's alerts, newest first.
    func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (entries: [AlertHistoryEntry], next: PageCursor?) {
        try await database.read { db in
            let page = try await OwnedRows("farelens_alerts", alias: "a", columns: Self.columns).page(
                for: user, limit: limit, after: cursor, in: db, decode: { try Self.record(from: $0)?.entry }
            ) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return (page.items, page.next)
        }
    }

    /// The row as a record; nil for a row this server cannot read (skipped, never a 500).
    static func record(from row: any SQLRow) throws -> AlertRecord? {
        let delivery = try row.decode(column: "delivery", as: String?.self)
        guard let departure = LocalDate(try row.decode(column: "departure_date", as: String.self)),
            let status = AlertStatus(rawValue: try row.decode(column: "status", as: String.self))
        else { return nil }
        let entry = AlertHistoryEntry(
            id: AlertID(try row.uuid("id")), watchlistID: WatchlistID(try row.uuid("watchlist_id")), origin: try row.decode(column: "origin", as: String.self),
            destination: try row.decode(column: "destination", as: String.self), departureDate: departure, airline: try row.decode(column: "airline", as: String.self),
            priceCents: try row.decode(column: "price_cents", as: Int.self), currency: try row.decode(column: "currency", as: String.self),
            dealScore: try row.decode(column: "deal_score", as: Int.self), queueScore: try row.decode(column: "queue_score", as: Double.self), status: status,
            delivery: AlertDelivery(stored: delivery), deliverAt: try row.decode(column: "deliver_at", as: Date?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self))
        return AlertRecord(entry: entry, userID: UserID(try row.uuid("user_id")), delivery: delivery)
    }
}
