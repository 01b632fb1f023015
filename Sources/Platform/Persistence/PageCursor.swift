import Crypto
import Foundation
import PlatformCore
import SQLKit

/// A place in a page sorted newest first: the last item's creation time and id. Queries compare
/// against the stored timestamp of the item the cursor names (exact on both databases) and fall back
/// to the time it carries when that item is gone. On the wire it is only ever the opaque text a
/// ``PageCursorSigner`` writes for one user and one list.
public struct PageCursor: Sendable, Equatable {
    public var createdAt: Date
    public var id: UUID

    /// The times a cursor may carry: years 1 to 9999, which holds every time the server writes. A
    /// time outside it is refused like any malformed cursor (a 422): PostgreSQL refuses timestamps
    /// past its own range with an error, and PostgresNIO cannot even encode the extremes of `Int64`.
    static let microsecondRange: ClosedRange<Int64> = -62_135_596_800_000_000...253_402_300_799_999_999

    public init(createdAt: Date, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    /// The condition keeping the rows of `table` (named `alias` in the query) that come after this
    /// place in the order `created_at DESC, id DESC`: placed by the stored time of the row it names,
    /// or by the time it carries when that row is gone.
    public func condition(table: String, alias: String) -> SQLQueryString {
        let position: SQLQueryString = "COALESCE((SELECT created_at FROM \(unsafeRaw: table) WHERE id = \(bind: id)), \(bind: createdAt))"
        return "(\(unsafeRaw: alias).created_at < \(position) OR (\(unsafeRaw: alias).created_at = \(position) AND \(unsafeRaw: alias).id < \(bind: id)))"
    }

    /// A page from the rows read for it (`limit + 1` at most: the one past the page only says that
    /// another follows), with the place after its last item when one does.
    public static func page<Item>(_ rows: [Item], limit: Int, place: (Item) -> PageCursor) -> (items: [Item], next: PageCursor?) {
        guard rows.count > limit else { return (rows, nil) }
        let items = Array(rows.prefix(limit))
        return (items, items.last.map(place))
    }
}
