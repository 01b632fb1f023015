import FareLensAPI
import Foundation
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// `farelens_saved_deals`: each user's saved deals, a snapshot of the deal taken when saved so it
/// survives the deal's expiry and purge. Saving twice keeps the first save; rows go with the user.
public struct SavedDealRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    /// Saves `deal` for `user`; answers the save and whether it is new (false: it was saved already).
    func save(_ deal: Deal, for user: UserID) async throws -> (saved: SavedDeal, created: Bool) {
        var snapshot = deal
        snapshot.queueScore = nil
        let now = clock.now()
        let json = String(decoding: try JSONEncoder.api.encode(snapshot), as: UTF8.self)
        return try await database.transaction(owner: user.uuid) { db in
            let inserted = try await db.raw(
                """
                INSERT INTO farelens_saved_deals (id, user_id, deal_id, snapshot, created_at)
                VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: deal.id.uuid), \(bind: json), \(bind: now))
                ON CONFLICT (user_id, deal_id) DO NOTHING RETURNING id
                """
            ).first()
            let row = try await db.raw(
                "SELECT id, deal_id, snapshot, created_at FROM farelens_saved_deals WHERE user_id = \(bind: user.uuid) AND deal_id = \(bind: deal.id.uuid)"
            ).first()
            guard let saved = try row.flatMap(Self.saved(from:)) else { throw SavedDealNotFound() }
            return (saved.saved, inserted != nil)
        }
    }

    static let rows = OwnedRows("farelens_saved_deals", alias: "s", columns: "s.id, s.deal_id, s.snapshot, s.created_at")

    /// A page of the user's saved deals, newest first.
    func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (saved: [SavedDeal], next: PageCursor?) {
        try await database.read { db in
            let page = try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.saved(from:)) { PageCursor(createdAt: $0.saved.savedAt, id: $0.rowID) }
            return (page.items.map(\.saved), page.next)
        }
    }

    /// Every saved deal of the user, oldest first (their export).
    public func all(for user: UserID) async throws -> [SavedDeal] {
        try await database.read { db in try await Self.rows.all(for: user, in: db, decode: Self.saved(from:)).map(\.saved) }
    }

    /// Forgets the user's save of `deal`; false when they had none.
    func delete(_ deal: DealID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw("DELETE FROM farelens_saved_deals WHERE user_id = \(bind: user.uuid) AND deal_id = \(bind: deal.uuid) RETURNING id").first() != nil
        }
    }

    static func saved(from row: any SQLRow) throws -> (rowID: UUID, saved: SavedDeal)? {
        guard let deal = try? JSONDecoder.api.decode(Deal.self, from: Data(try row.decode(column: "snapshot", as: String.self).utf8)) else { return nil }
        let saved = SavedDeal(
            dealID: DealID(try row.decode(column: "deal_id", as: UUID.self)), savedAt: try row.decode(column: "created_at", as: Date.self), deal: deal)
        return (try row.decode(column: "id", as: UUID.self), saved)
    }
}
