import AppServer
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Knot

/// The same repository contract on both databases: migrations, constraints, cascades, vectors.
@Suite("Persistence contract", .timeLimit(.minutes(3)))
struct PersistenceContractTests {
    /// Opens `database` with the platform and Knot schemas applied.
    static func withDatabase<T: Sendable>(_ database: TestDatabase, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        let logger = Logger(label: "test")
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store: any Database
        var runTask: Task<Void, Error>?
        switch database {
        case .sqlite:
            store = try await SQLiteStore.open(path: folder.appendingPathComponent("t.sqlite").path, operationTimeout: TestDatabase.operationTimeout, logger: logger)
        case .postgres:
            let postgres = try PostgresStore(url: try TestDatabase.postgresURL(), maxConnections: 2, operationTimeout: TestDatabase.operationTimeout, logger: logger)
            runTask = Task { try await postgres.run() }
            store = postgres
        }
        defer { runTask?.cancel() }
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, KnotSchema.migrations], logger: logger)
        let result = try await body(store)
        await store.close()
        return result
    }

    /// Inserts a user and a vault; returns their IDs.
    static func seedVault(_ db: any SQLDatabase) async throws -> (user: UUID, vault: UUID) {
        let user = UUID(), vault = UUID(), now = Date()
        try await db.raw("INSERT INTO users (id, app, email, created_at, updated_at) VALUES (\(bind: user), 'knot', 'c@example.com', \(bind: now), \(bind: now))").run()
        try await db.raw(
            """
            INSERT INTO partner_vaults (id, user_id, partner_name, location_country, created_at, updated_at)
            VALUES (\(bind: vault), \(bind: user), 'Pat', 'US', \(bind: now), \(bind: now))
            """
        ).run()
        return (user, vault)
    }

    @Test("migrations are versioned and idempotent", arguments: TestDatabase.allCases)
    func migrationsAreIdempotent(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { store in
            let count: @Sendable () async throws -> Int = {
                // Only this test's components: servers in parallel tests may be migrating others (jobs, notifications).
                try await store.read {
                    try await $0.raw("SELECT COUNT(*) AS n FROM schema_migrations WHERE component IN ('platform', 'knot')").first()!.decode(column: "n", as: Int.self)
                }
            }
            let before = try await count()
            try await Migrator.migrate(store, sets: [PlatformSchema.migrations, KnotSchema.migrations], logger: Logger(label: "test"))
            #expect(try await count() == before)
            #expect(before >= 2)
        }
    }

    /// Statements each constraint must reject, given a seeded vault.
    static let violations: [(String, @Sendable (UUID, UUID, Literals) -> SQLQueryString)] = [
        ("invalid vibe CHECK", { _, v, l in "INSERT INTO partner_vibes (id, vault_id, vibe_tag, created_at) VALUES (\(bind: UUID()), \(bind: v), 'fancy', \(unsafeRaw: l.now))" }),
        (
            "interest category CHECK",
            { _, v, l in
                "INSERT INTO partner_interests (id, vault_id, interest_type, interest_category, created_at) VALUES (\(bind: UUID()), \(bind: v), 'like', 'Golf', \(unsafeRaw: l.now))"
            }
        ),
        ("cohabitation CHECK", { _, v, l in "UPDATE partner_vaults SET cohabitation_status = 'married' WHERE id = \(bind: v)" }),
        (
            "budget max >= min CHECK",
            { _, v, l in
                "INSERT INTO partner_budgets (id, vault_id, occasion_type, min_amount, max_amount, currency, created_at) VALUES (\(bind: UUID()), \(bind: v), 'just_because', 500, 100, 'USD', \(unsafeRaw: l.now))"
            }
        ),
        (
            "love language priority CHECK",
            { _, v, l in
                "INSERT INTO partner_love_languages (id, vault_id, language, priority, created_at) VALUES (\(bind: UUID()), \(bind: v), 'quality_time', 3, \(unsafeRaw: l.now))"
            }
        ),
        (
            "milestone type CHECK",
            { _, v, l in
                "INSERT INTO partner_milestones (id, vault_id, milestone_type, milestone_name, milestone_date, recurrence, budget_tier, created_at) VALUES (\(bind: UUID()), \(bind: v), 'graduation', 'x', \(unsafeRaw: l.date)'2000-01-01', 'yearly', 'just_because', \(unsafeRaw: l.now))"
            }
        ),
        (
            "hint source CHECK",
            { _, v, l in "INSERT INTO hints (id, vault_id, hint_text, source, created_at) VALUES (\(bind: UUID()), \(bind: v), 'x', 'telepathy', \(unsafeRaw: l.now))" }
        ),
        (
            "one vault per user UNIQUE",
            { u, _, l in
                "INSERT INTO partner_vaults (id, user_id, partner_name, created_at, updated_at) VALUES (\(bind: UUID()), \(bind: u), 'Again', \(unsafeRaw: l.now), \(unsafeRaw: l.now))"
            }
        ),
        ("user app CHECK", { _, _, l in "INSERT INTO users (id, app, created_at, updated_at) VALUES (\(bind: UUID()), 'MySpace', \(unsafeRaw: l.now), \(unsafeRaw: l.now))" }),
        ("quiet hours CHECK", { u, _, l in "UPDATE users SET quiet_hours_start = 24 WHERE id = \(bind: u)" }),
    ]

    @Test("the seed's CHECK and UNIQUE constraints hold in the database itself", arguments: TestDatabase.allCases)
    func constraintsAreEnforced(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { store in
            let (user, vault) = try await store.transaction { try await Self.seedVault($0) }
            for (name, statement) in Self.violations {
                let sql = statement(user, vault, Literals(database))
                let error = await #expect(throws: (any Error).self, "\(name)") {
                    try await store.transaction { try await $0.raw(sql).run() }
                }
                #expect(error?.isConstraintViolation == true, "\(name) must fail on a constraint, not on \(String(describing: error))")
            }
            // UNIQUE pairs: the first insert succeeds, the second is refused.
            let l = Literals(database)
            let pairs: [(String, SQLQueryString)] = [
                (
                    "interest once per vault (like/dislike exclusion)",
                    "INSERT INTO partner_interests (id, vault_id, interest_type, interest_category, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'like', 'Hiking', \(unsafeRaw: l.now))"
                ),
                ("vibe once per vault", "INSERT INTO partner_vibes (id, vault_id, vibe_tag, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'vintage', \(unsafeRaw: l.now))"),
                (
                    "budget once per occasion",
                    "INSERT INTO partner_budgets (id, vault_id, occasion_type, min_amount, max_amount, currency, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'major_milestone', 1, 2, 'USD', \(unsafeRaw: l.now))"
                ),
                (
                    "love language priority once",
                    "INSERT INTO partner_love_languages (id, vault_id, language, priority, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'quality_time', 1, \(unsafeRaw: l.now))"
                ),
            ]
            for (name, statement) in pairs {
                try await store.transaction { try await $0.raw(statement).run() }
                let error = await #expect(throws: (any Error).self, "\(name)") {
                    try await store.transaction { try await $0.raw(Self.retarget(name, vault: vault, l)).run() }
                }
                #expect(error?.isUniqueViolation == true, "\(name) must fail on UNIQUE, not on \(String(describing: error))")
            }
        }
    }

    /// The conflicting second statement of each UNIQUE pair.
    static func retarget(_ name: String, vault: UUID, _ l: Literals) -> SQLQueryString {
        switch name {
        case let n where n.hasPrefix("interest"):
            "INSERT INTO partner_interests (id, vault_id, interest_type, interest_category, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'dislike', 'Hiking', \(unsafeRaw: l.now))"
        case let n where n.hasPrefix("vibe"):
            "INSERT INTO partner_vibes (id, vault_id, vibe_tag, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'vintage', \(unsafeRaw: l.now))"
        case let n where n.hasPrefix("budget"):
            "INSERT INTO partner_budgets (id, vault_id, occasion_type, min_amount, max_amount, currency, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'major_milestone', 5, 9, 'EUR', \(unsafeRaw: l.now))"
        default:
            "INSERT INTO partner_love_languages (id, vault_id, language, priority, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'physical_touch', 1, \(unsafeRaw: l.now))"
        }
    }

    /// Literal spellings that differ: timestamps (REAL on SQLite, TIMESTAMPTZ on PostgreSQL) and dates.
    struct Literals: Sendable {
        let now: String
        let date: String
        init(_ database: TestDatabase) {
            now = database == .postgres ? "now()" : "0"
            date = database == .postgres ? "DATE " : ""
        }
    }

    @Test("deleting a user cascades through vault, children, hints and vectors", arguments: TestDatabase.allCases)
    func cascades(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { store in
            let (user, vault) = try await store.transaction { try await Self.seedVault($0) }
            try await store.transaction { db in
                let l = Literals(database)
                try await db.raw("INSERT INTO partner_vibes (id, vault_id, vibe_tag, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'romantic', \(unsafeRaw: l.now))").run()
                try await db.raw("INSERT INTO hints (id, vault_id, hint_text, source, created_at) VALUES (\(bind: UUID()), \(bind: vault), 'x', 'text_input', \(unsafeRaw: l.now))")
                    .run()
                try await makeVectorIndex(for: store.kind).upsert(VectorEntry(collection: "t", itemID: UUID(), ownerID: UserID(user), model: "m", vector: [1, 0, 0]), on: db)
            }
            try await store.transaction { try await $0.raw("DELETE FROM users WHERE id = \(bind: user)").run() }
            let remaining = try await store.read { db in
                var total = 0
                for table in ["partner_vaults", "partner_vibes", "hints"] {
                    total += try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(unsafeRaw: table == "partner_vaults" ? "id" : "vault_id") = \(bind: vault)")
                        .first()!.decode(column: "n", as: Int.self)
                }
                total += try await db.raw("SELECT COUNT(*) AS n FROM vector_entries WHERE owner_id = \(bind: user)").first()!.decode(column: "n", as: Int.self)
                return total
            }
            #expect(remaining == 0)
        }
    }

    @Test("vector search returns the owner's nearest vectors of the same model, best first", arguments: TestDatabase.allCases)
    func vectorSearch(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { store in
            let index = makeVectorIndex(for: store.kind)
            let (user, _) = try await store.transaction { try await Self.seedVault($0) }
            let (other, _) = try await store.transaction { try await Self.seedVault($0) }
            let near = UUID(), middle = UUID(), far = UUID(), foreign = UUID(), otherModel = UUID()
            let dims = 384
            @Sendable func vector(_ head: [Float]) -> [Float] { head + [Float](repeating: 0, count: dims - head.count) }
            try await store.transaction { db in
                try await index.upsert(VectorEntry(collection: "c", itemID: near, ownerID: UserID(user), model: "m", vector: vector([1, 0.1])), on: db)
                try await index.upsert(VectorEntry(collection: "c", itemID: middle, ownerID: UserID(user), model: "m", vector: vector([1, 1])), on: db)
                try await index.upsert(VectorEntry(collection: "c", itemID: far, ownerID: UserID(user), model: "m", vector: vector([-1, 0])), on: db)
                try await index.upsert(VectorEntry(collection: "c", itemID: foreign, ownerID: UserID(other), model: "m", vector: vector([1, 0])), on: db)
                try await index.upsert(VectorEntry(collection: "c", itemID: otherModel, ownerID: UserID(user), model: "other-model", vector: vector([1, 0])), on: db)
            }
            let results = try await store.read { db in
                try await index.search(collection: "c", owner: UserID(user), model: "m", query: vector([1, 0]), limit: 10, on: db)
            }
            #expect(results.map(\.itemID) == [near, middle, far])
            #expect(abs(results[0].similarity - Double(1 / (1 + 0.01 as Float).squareRoot())) < 1e-4)
            #expect(abs(results[2].similarity + 1) < 1e-4)
            try await store.transaction { try await index.delete(collection: "c", itemID: near, on: $0) }
            let after = try await store.read { try await index.search(collection: "c", owner: UserID(user), model: "m", query: vector([1, 0]), limit: 1, on: $0) }
            #expect(after.map(\.itemID) == [middle])
        }
    }

    @Test("a caller already cancelled when it asks is answered at once (a value or an error), never left waiting", arguments: TestDatabase.allCases)
    func cancelledCallerIsAnswered(_ database: TestDatabase) async throws {
        try await Self.withDatabase(database) { store in
            let answered = LockedValue<String?>(nil)
            // A request whose client went away or whose server is stopping: its task is cancelled
            // before the database call. PostgreSQL's bounded operation once stored that caller's
            // continuation after its cancellation handler had run, and nothing ever resumed it.
            let caller = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                let outcome: String
                do {
                    outcome = "value \(try await store.read { try await $0.raw("SELECT 1 AS n").first()!.decode(column: "n", as: Int.self) })"
                } catch {
                    outcome = "error \(error)"
                }
                answered.withLock { $0 = outcome }
            }
            // Longer than the bound on the operation itself (SQLite really runs the query).
            let patience = TestDatabase.operationTimeout + .seconds(10)
            let held = (try? await eventually(within: patience, every: .milliseconds(20)) { answered.value != nil }) ?? false
            #expect(held, "the cancelled caller was not answered within \(patience)")
            caller.cancel()
        }
    }
}
