import AppPlatform
import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The users' points vaults (`farelens_points_programs`). Every method takes the user: another
/// user's program is a missing one. A name the shipped catalog knows is stored in the catalog's
/// spelling with its catalog id, so transfer bonuses find it.
public struct PointsProgramRepository: Sendable {
    let database: any Database
    let clock: any TimeSource
    let catalog: LoyaltyCatalog

    public init(database: any Database, clock: any TimeSource, catalog: LoyaltyCatalog = .shipped) {
        self.database = database
        self.clock = clock
        self.catalog = catalog
    }

    /// A page of the user's programs, newest first.
    public func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (programs: [PointsProgram], next: PageCursor?) {
        try await database.read { db in
            let page = try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.program(from:)) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
            return (page.items, page.next)
        }
    }

    /// Every program of the user, oldest first (their export).
    public func all(for user: UserID) async throws -> [PointsProgram] {
        try await database.read { db in try await Self.rows.all(for: user, in: db, decode: Self.program(from:)) }
    }

    /// The catalog ids of the user's programs (what their transfer bonuses follow).
    public func catalogIDs(for user: UserID) async throws -> Set<String> {
        try await database.read { db in
            Set(
                try await db.raw("SELECT DISTINCT catalog_id FROM farelens_points_programs WHERE user_id = \(bind: user.uuid) AND catalog_id IS NOT NULL")
                    .all().map { try $0.decode(column: "catalog_id", as: String.self) })
        }
    }

    /// Adds a program to the user's vault.
    public func create(_ entry: PointsProgramDraft, for user: UserID) async throws -> PointsProgram {
        let now = clock.now()
        let program = resolved(entry, id: PointsProgramID(), createdAt: now, updatedAt: now)
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO farelens_points_programs (id, user_id, kind, name, catalog_id, balance, status, created_at, updated_at)
                VALUES (\(bind: program.id.uuid), \(bind: user.uuid), \(bind: program.kind.rawValue), \(bind: program.name), \(bind: program.catalogID),
                    \(bind: program.balance), \(bind: program.status), \(bind: now), \(bind: now))
                """
            ).run()
        }
        return program
    }

    /// Replaces the user's program; nil when they have none of that id. A stale `ifMatch` is
    /// ``EntityChanged`` and nothing changes.
    public func update(_ id: PointsProgramID, with entry: PointsProgramDraft, for user: UserID, ifMatch: IfMatch? = nil) async throws -> PointsProgram? {
        let now = clock.now()
        return try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "farelens_points_programs", id: id.uuid, user: user, in: db),
                let row = try await db.raw(
                    "SELECT \(unsafeRaw: Self.columns) FROM farelens_points_programs p WHERE p.id = \(bind: id.uuid) AND p.user_id = \(bind: user.uuid)"
                ).first()
            else { return nil }
            let stored = try Self.program(from: row)
            try ifMatch?.verify(stored.updatedAt)
            let version = IfMatch.nextVersion(after: stored.updatedAt, now: now)
            let program = resolved(entry, id: id, createdAt: stored.createdAt, updatedAt: version)
            try await db.raw(
                """
                UPDATE farelens_points_programs SET kind = \(bind: program.kind.rawValue), name = \(bind: program.name), catalog_id = \(bind: program.catalogID),
                    balance = \(bind: program.balance), status = \(bind: program.status), updated_at = \(bind: version)
                WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                """
            ).run()
            return program
        }
    }

    /// Deletes the user's program; false when they have none of that id. A stale `ifMatch` is
    /// ``EntityChanged`` and nothing is deleted.
    public func delete(_ id: PointsProgramID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await IfMatch.lock(ifMatch, table: "farelens_points_programs", id: id.uuid, user: user, in: db),
                let row = try await db.raw("SELECT updated_at FROM farelens_points_programs WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first()
            else { return false }
            try ifMatch?.verify(try row.decode(column: "updated_at", as: Date.self))
            try await db.raw("DELETE FROM farelens_points_programs WHERE id = \(bind: id.uuid)").run()
            return true
        }
    }

    /// The program an entry describes, named as the catalog spells it when the catalog knows it.
    func resolved(_ entry: PointsProgramDraft, id: PointsProgramID, createdAt: Date, updatedAt: Date) -> PointsProgram {
        let known = catalog.program(entry.kind, named: entry.name)
        return PointsProgram(
            id: id, kind: entry.kind, name: known?.name ?? entry.name, catalogID: known?.id, balance: entry.balance, status: entry.status,
            createdAt: createdAt, updatedAt: updatedAt)
    }

    static let columns = "p.id, p.kind, p.name, p.catalog_id, p.balance, p.status, p.created_at, p.updated_at"
    static let rows = OwnedRows("farelens_points_programs", alias: "p", columns: "\(unsafeRaw: columns)")

    static func program(from row: any SQLRow) throws -> PointsProgram {
        PointsProgram(
            id: PointsProgramID(try row.uuid("id")), kind: PointsProgramKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .airline,
            name: try row.decode(column: "name", as: String.self), catalogID: try row.decode(column: "catalog_id", as: String?.self),
            balance: try row.decode(column: "balance", as: Int.self), status: try row.decode(column: "status", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }
}
