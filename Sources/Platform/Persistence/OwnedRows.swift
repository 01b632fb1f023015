import Foundation
import PlatformCore
import SQLKit

/// A table whose rows each belong to one user (`user_id`) and are ordered by `created_at` and `id`:
/// the two reads every such repository shares, written once. A page of a user's rows newest first
/// after a ``PageCursor`` (what `GET` of a list answers, with `X-Next-Cursor`), and all of them
/// oldest first (their export). Another user's rows are never read: the owner is in every query.
public struct OwnedRows: Sendable {
    /// The table, and the alias its columns are written with (`w` in `w.id, w.origin`).
    public let table: String
    public let alias: String
    /// The selected columns, written with the alias.
    public let columns: SQLQueryString

    public init(_ table: String, alias: String, columns: SQLQueryString) {
        self.table = table
        self.alias = alias
        self.columns = columns
    }

    /// `user`'s rows that `filter` keeps (a condition on the alias's columns), newest first, after
    /// `cursor`, `limit` at most: `limit + 1` are read, the one past the page only saying that
    /// another follows. `decode` may drop a row it cannot read (nil).
    public func page<Item>(
        for user: UserID, where filter: SQLQueryString? = nil, limit: Int, after cursor: PageCursor?, in db: any SQLDatabase,
        decode: (any SQLRow) throws -> Item?, place: (Item) -> PageCursor
    ) async throws -> (items: [Item], next: PageCursor?) {
        var conditions: [SQLQueryString] = ["\(unsafeRaw: alias).user_id = \(bind: user.uuid)"]
        if let filter { conditions.append(filter) }
        if let cursor { conditions.append(cursor.condition(table: table, alias: alias)) }
        let rows = try await db.raw(
            """
            SELECT \(columns) FROM \(unsafeRaw: table) \(unsafeRaw: alias) WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(unsafeRaw: alias).created_at DESC, \(unsafeRaw: alias).id DESC LIMIT \(bind: limit + 1)
            """
        ).all()
        return PageCursor.page(try rows.compactMap(decode), limit: limit, place: place)
    }

    /// Every row of `user`, oldest first (their export).
    public func all<Item>(for user: UserID, in db: any SQLDatabase, decode: (any SQLRow) throws -> Item?) async throws -> [Item] {
        try await db.raw(
            "SELECT \(columns) FROM \(unsafeRaw: table) \(unsafeRaw: alias) WHERE \(unsafeRaw: alias).user_id = \(bind: user.uuid) ORDER BY \(unsafeRaw: alias).created_at, \(unsafeRaw: alias).id"
        ).all().compactMap(decode)
    }
}
