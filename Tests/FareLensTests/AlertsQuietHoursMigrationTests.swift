import FareLens
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// Migration 11 on both databases: FareLens accounts made before FareLens's own default, still on
/// the platform's 22–8, move to 22–7; other hours and other apps' accounts do not change.
@Suite("FareLens quiet hours migration", .timeLimit(.minutes(3)))
struct AlertsQuietHoursMigrationTests {
    static func withStore(_ database: TestDatabase, _ body: @escaping @Sendable (any Database) async throws -> Void) async throws {
        let logger = Logger(label: "test")
        switch database {
        case .sqlite:
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = try await SQLiteStore.open(path: folder.appendingPathComponent("t.sqlite").path, operationTimeout: TestDatabase.operationTimeout, logger: logger)
            try await body(store)
            await store.close()
        case .postgres:
            try await withIsolatedPostgres { url in
                let store = try PostgresStore(url: url, maxConnections: 2, operationTimeout: TestDatabase.operationTimeout, logger: logger)
                let runner = Task { try await store.run() }
                defer { runner.cancel() }
                try await body(store)
                await store.close()
            }
        }
    }

    @Test("FareLens users on exactly 22–8 move to 22–7; 22–7, 23–8, 22–9 and other apps' 22–8 stay", arguments: TestDatabase.allCases)
    func existingAccounts(_ database: TestDatabase) async throws {
        try await Self.withStore(database) { store in
            let logger = Logger(label: "test")
            let before = MigrationSet(component: "farelens", migrations: FareLensSchema.migrations.migrations.filter { $0.version < 11 })
            try await Migrator.migrate(store, sets: [PlatformSchema.migrations, before], logger: logger)
            let rows: [(app: String, start: Int, end: Int, expected: (Int, Int))] = [
                ("farelens", 22, 8, (22, 7)), ("farelens", 22, 7, (22, 7)), ("farelens", 23, 8, (23, 8)), ("farelens", 22, 9, (22, 9)),
                ("knot", 22, 8, (22, 8)),
            ]
            let ids = rows.map { _ in UUID() }
            try await store.transaction { db in
                for (id, row) in zip(ids, rows) {
                    try await db.raw(
                        """
                        INSERT INTO users (id, app, email, quiet_hours_start, quiet_hours_end, created_at, updated_at)
                        VALUES (\(bind: id), \(bind: row.app), \(bind: "\(id.uuidString.lowercased())@example.com"), \(bind: row.start), \(bind: row.end), \(bind: Date()), \(bind: Date()))
                        """
                    ).run()
                }
            }
            try await Migrator.migrate(store, sets: [PlatformSchema.migrations, FareLensSchema.migrations], logger: logger)
            for (id, row) in zip(ids, rows) {
                let hours = try await store.read { db in
                    try await db.raw("SELECT quiet_hours_start, quiet_hours_end FROM users WHERE id = \(bind: id)").first().map {
                        (try $0.decode(column: "quiet_hours_start", as: Int.self), try $0.decode(column: "quiet_hours_end", as: Int.self))
                    }
                }
                #expect(hours?.0 == row.expected.0 && hours?.1 == row.expected.1, "\(row.app) \(row.start)–\(row.end): \(String(describing: hours))")
            }
        }
    }
}
