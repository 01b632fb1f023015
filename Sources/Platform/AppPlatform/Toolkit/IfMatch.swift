import Foundation
import Hummingbird
import HummingbirdCore
import Persistence
import PlatformCore
import SQLKit

/// The `If-Match` of a `PUT` or `DELETE` of one of the user's entities, one way for every app. The
/// repository checks it inside the write's own transaction, after locking the row (read-modify-write
/// with no window): a version other than the one named is ``EntityChanged`` (a 412
/// `precondition_failed`) and nothing changes. A row that
/// is not the user's stays a 404, and an invalid change a 422 (both win over 412). Without the
/// header nothing is checked.
public struct IfMatch: Sendable {
    /// The header's value (a list of tags, or `*`).
    public let header: String
    /// What the 412's message calls the entity ("gift idea").
    public let entity: String

    /// Nil when the request has no `If-Match`.
    public init?(_ header: String?, entity: String) {
        guard let header else { return nil }
        self.header = header
        self.entity = entity
    }

    /// Nil when `request` has no `If-Match`.
    public init?(_ request: Request, entity: String) {
        self.init(request.ifMatch, entity: entity)
    }

    /// Locks the user's row `id` of `table` for the rest of the transaction when there is an
    /// `If-Match` (`FOR UPDATE` on PostgreSQL; SQLite's write transactions are serial already), so
    /// the version read next is the one the write replaces. False when the row is not the user's.
    /// Without an `If-Match` nothing is locked or checked.
    public static func lock(_ ifMatch: IfMatch?, table: String, id: UUID, user: UserID, in db: any SQLDatabase) async throws -> Bool {
        guard ifMatch != nil else { return true }
        let lock: SQLQueryString = db.isPostgres ? " FOR UPDATE" : ""
        return try await db.raw("SELECT id FROM \(unsafeRaw: table) WHERE id = \(bind: id) AND user_id = \(bind: user.uuid)\(lock)").first() != nil
    }

    /// The version a write stores after `stored`: now, but at least a millisecond and a half after
    /// the stored one. Tags tell milliseconds apart (``EntityTag``), so two writes in one millisecond
    /// would otherwise share a tag, and an If-Match naming the first would pass after the second;
    /// the half keeps the new version clear of the next millisecond's boundary, where reading a
    /// tag's millisecond from a floating-point instant could fall either way.
    public static func nextVersion(after stored: Date, now: Date) -> Date {
        max(now, stored.addingTimeInterval(0.0015))
    }

    /// Throws ``EntityChanged`` unless the header names the version of an entity last changed at
    /// `updatedAt` (read after ``lock(_:table:id:user:in:)``, and after the request is known to be
    /// valid: a 422 comes first).
    public func verify(_ updatedAt: Date) throws {
        guard EntityVersion.isMatched(updatedAt, byIfMatch: header) else {
            throw EntityTag.isTagList(header) ? EntityChanged(entity: entity) : UnreadableIfMatch()
        }
    }
}
