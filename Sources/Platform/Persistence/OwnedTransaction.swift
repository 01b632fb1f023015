import Foundation
import PlatformCore
import SQLKit

extension Database {
    /// A transaction for a write that belongs to `owner`'s account.
    ///
    /// It first locks the account's `users` row against deletion (`FOR KEY SHARE` on PostgreSQL; on
    /// SQLite the single writer already serialises it with a deletion), so every such write takes
    /// the account row before any row below it — the order a cascading `DELETE FROM users` uses.
    /// A write racing the account's deletion therefore either finishes first (and is deleted with
    /// the account) or finds the account gone and throws ``OwnerGone``; it never deadlocks with the
    /// deletion or fails halfway on a foreign key.
    public func transaction<T: Sendable>(owner: UUID, _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await transaction { db in
            var found = false
            try await db.forEachRow(db.isPostgres ? ownerLockPostgres : ownerLock, [owner]) { _ in found = true }
            guard found else { throw OwnerGone(owner: owner) }
            return try await body(db)
        }
    }
}

/// The owner check every owned write makes (``FixedSQL``: no serialization per write).
private let ownerLock = FixedSQL("SELECT 1 AS found FROM users WHERE id = ?")
private let ownerLockPostgres = FixedSQL("SELECT 1 AS found FROM users WHERE id = ? FOR KEY SHARE")
