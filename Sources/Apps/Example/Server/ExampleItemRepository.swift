import ExampleAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// The user's items. Every method takes the user: another user's item is indistinguishable from a
/// missing one (nil, false), which the controller answers 404.
public struct ExampleItemRepository: Sendable {
    let database: any Database
    let clock: any TimeSource

    public init(database: any Database, clock: any TimeSource) {
        self.database = database
        self.clock = clock
    }

    static let columns = "id, title, notes, created_at"
    static let rows = OwnedRows("example_items", alias: "i", columns: "i.id, i.title, i.notes, i.created_at")

    public func create(_ new: NewExampleItem, for user: UserID) async throws -> ExampleItem {
        let item = ExampleItem(id: ExampleItemID(), title: new.title, notes: new.notes, createdAt: clock.now())
        try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                INSERT INTO example_items (id, user_id, title, notes, created_at)
                VALUES (\(bind: item.id.uuid), \(bind: user.uuid), \(bind: item.title), \(bind: item.notes), \(bind: item.createdAt))
                """
            ).run()
        }
        return item
    }

    /// A page of the user's items, newest first, after `cursor`.
    public func page(for user: UserID, limit: Int, cursor: PageCursor?) async throws -> (items: [ExampleItem], next: PageCursor?) {
        try await database.read { db in
            try await Self.rows.page(for: user, limit: limit, after: cursor, in: db, decode: Self.item(from:)) { PageCursor(createdAt: $0.createdAt, id: $0.id.uuid) }
        }
    }

    /// Every item of the user, oldest first (the data export).
    public func all(for user: UserID) async throws -> [ExampleItem] {
        try await database.read { db in try await Self.rows.all(for: user, in: db, decode: Self.item(from:)) }
    }

    public func find(_ id: ExampleItemID, for user: UserID) async throws -> ExampleItem? {
        try await database.read { db in
            try await db.raw("SELECT \(unsafeRaw: Self.columns) FROM example_items WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)")
                .first().map(Self.item(from:))
        }
    }

    /// Deletes the user's item; false when the user has none with that id.
    public func delete(_ id: ExampleItemID, for user: UserID) async throws -> Bool {
        try await database.transaction(owner: user.uuid) { db in
            guard try await db.raw("SELECT id FROM example_items WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first() != nil else {
                return false
            }
            try await db.raw("DELETE FROM example_items WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").run()
            return true
        }
    }

    static func item(from row: any SQLRow) throws -> ExampleItem {
        ExampleItem(
            id: ExampleItemID(try row.uuid("id")),
            title: try row.decode(column: "title", as: String.self),
            notes: try row.decode(column: "notes", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self)
        )
    }
}
