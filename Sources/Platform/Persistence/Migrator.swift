import Foundation
import Logging
import SQLKit

/// Applies pending migrations, recording each in `schema_migrations`. Idempotent: applied versions
/// are skipped. On PostgreSQL an advisory lock serialises several servers starting at once.
/// Migrations may rewrite large tables, so they run under a ten-minute bound instead of the
/// per-request database timeout.
public enum Migrator {
    /// The bound on each database operation of a migration run.
    public static let timeout = Duration.seconds(600)

    public static func migrate(_ database: any Database, sets: [MigrationSet], logger: Logger) async throws {
        try await DatabaseDeadline.withOperationTimeout(timeout) {
            try await apply(database, sets: sets, logger: logger)
        }
    }

    private static func apply(_ database: any Database, sets: [MigrationSet], logger: Logger) async throws {
        try await database.transaction { db in
            if db.isPostgres {
                try await db.raw("SELECT pg_advisory_xact_lock(7312001)").run()
            }
            try await db.raw(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    component TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    applied_at TEXT NOT NULL,
                    PRIMARY KEY (component, version)
                )
                """
            ).run()
            let rows = try await db.raw("SELECT component, version FROM schema_migrations").all()
            var applied = Set<String>()
            for row in rows {
                applied.insert("\(try row.decode(column: "component", as: String.self))#\(try row.decode(column: "version", as: Int.self))")
            }
            for set in sets {
                for migration in set.migrations.sorted(by: { $0.version < $1.version }) where !applied.contains("\(set.component)#\(migration.version)") {
                    logger.info("applying migration", metadata: ["component": "\(set.component)", "version": "\(migration.version)", "name": "\(migration.name)"])
                    for statement in db.isPostgres ? migration.postgres : migration.sqlite {
                        try await db.raw(SQLQueryString(statement)).run()
                    }
                    if !db.isPostgres, let procedure = migration.sqliteProcedure { try await procedure(db) }
                    try await db.raw(
                        """
                        INSERT INTO schema_migrations (component, version, name, applied_at)
                        VALUES (\(bind: set.component), \(bind: migration.version), \(bind: migration.name), \(bind: ISO8601DateFormatter().string(from: Date())))
                        """
                    ).run()
                }
            }
        }
    }
}
