import Foundation
import Logging
import NIOCore
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Persistence

/// The UUID text ``ResultRow/withUUIDText(_:_:)`` lends.
func lentUUIDText(_ row: borrowing ResultRow, _ column: Int) throws -> String {
    var text = ""
    try row.withUUIDText(column) { text = String(decoding: $0, as: UTF8.self) }
    return text
}

/// Rows read by column position (``ResultRow``, the hot reads' path) hold exactly what SQLKit's
/// rows read by name hold, on both databases and through any other SQLKit database; a value of the
/// wrong type is an error, not a crash, and leaves the connection usable.
@Suite("Rows by position", .timeLimit(.minutes(3)))
struct ResultRowTests {
    /// A hint's columns as read one way or the other.
    struct Read: Equatable {
        let id: UUID
        /// The id as ``ResultRow/withUUIDText(_:_:)`` lends it.
        let idText: String
        let text: String
        /// The text as ``ResultRow/withText(_:_:)`` lends its bytes.
        let lentText: String
        let source: String
        let isUsed: Bool
        let createdAt: Date
        let total: Int
    }

    static let query: @Sendable (UUID) -> SQLQueryString = { user in
        """
        SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at,
            (SELECT COUNT(*) FROM hints h2 JOIN partner_vaults v2 ON v2.id = h2.vault_id WHERE v2.user_id = \(bind: user)) AS total
        FROM hints h JOIN partner_vaults v ON v.id = h.vault_id WHERE v.user_id = \(bind: user) ORDER BY h.created_at DESC, h.id DESC
        """
    }

    static func byPosition(_ row: borrowing ResultRow) throws -> Read {
        Read(
            id: try row.uuid(0), idText: try lentUUIDText(row, 0), text: try row.string(1), lentText: try row.withText(1) { String(decoding: $0, as: UTF8.self) },
            source: try row.string(2),
            isUsed: try row.bool(3), createdAt: try row.date(4), total: try row.int(5))
    }

    static func byName(_ row: any SQLRow) throws -> Read {
        Read(
            id: try row.uuid("id"), idText: try row.uuid("id").lowercasedString, text: try row.decode(column: "hint_text", as: String.self),
            lentText: try row.decode(column: "hint_text", as: String.self),
            source: try row.decode(column: "source", as: String.self),
            isUsed: try row.decode(column: "is_used", as: Bool.self), createdAt: try row.decode(column: "created_at", as: Date.self),
            total: try row.decode(column: "total", as: Int.self))
    }

    /// Texts and times that stress the conversions: multi-byte and one-letter text, sub-microsecond
    /// fractions, dates before 1970 and far ahead.
    static let samples: [(String, Bool, Date)] = [
        ("plain", false, Date(timeIntervalSince1970: 1_700_000_000)),
        ("x", true, Date(timeIntervalSince1970: 1_700_000_000.123456789)),
        ("émoji 🎁 and \"quotes\"\n\ttab", false, Date(timeIntervalSince1970: -86_400.5)),
        (String(repeating: "long ", count: 200), true, Date(timeIntervalSince1970: 4_102_444_800.000001)),
    ]

    static func seed(_ store: any Database) async throws -> UUID {
        try await store.transaction { db in
            let (user, vault) = try await PersistenceContractTests.seedVault(db)
            for (text, used, date) in samples {
                try await db.raw(
                    """
                    INSERT INTO hints (id, vault_id, hint_text, source, is_used, created_at)
                    VALUES (\(bind: UUID()), \(bind: vault), \(bind: text), 'voice_transcription', \(bind: used), \(bind: date))
                    """
                ).run()
            }
            return user
        }
    }

    @Test("each column read by position equals SQLKit's read by name, in reads and transactions", arguments: TestDatabase.allCases)
    func positionMatchesName(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let user = try await Self.seed(store)
            let query = Self.query(user)
            for run in [store.read, store.transaction] as [@Sendable (@escaping @Sendable (any SQLDatabase) async throws -> [[Read]]) async throws -> [[Read]]] {
                let reads = try await run { db in
                    [
                        try await db.rows(query) { row in
                            // Each database's own path, not the by-name one every SQLKit database has.
                            switch (row.source, database) {
                            case (.sqlite, .sqlite), (.postgres, .postgres): break
                            default: Issue.record("\(database) read through \(row.source)")
                            }
                            return try Self.byPosition(row)
                        },
                        try await db.raw(query).all().map(Self.byName),
                    ]
                }
                #expect(reads[0].count == Self.samples.count)
                #expect(reads[0] == reads[1])
                #expect(Set(reads[0].map(\.text)) == Set(Self.samples.map(\.0)))
                #expect(reads[0].allSatisfy { $0.total == Self.samples.count && $0.source == "voice_transcription" })
            }
        }
    }

    @Test("any other SQLKit database is read by the column named at each position", arguments: TestDatabase.allCases)
    func otherDatabasesByName(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let user = try await Self.seed(store)
            let (wrapped, direct) = try await store.read { db in
                (
                    try await Forwarding(base: db).rows(Self.query(user)) { row in
                        if case .generic = row.source {} else { Issue.record("a forwarding database read through \(row.source)") }
                        return try Self.byPosition(row)
                    },
                    try await db.rows(Self.query(user), Self.byPosition)
                )
            }
            #expect(wrapped.count == Self.samples.count)
            #expect(wrapped == direct)
            // A position past the columns, and a name the result repeats (found by name, it would
            // read the other column), are errors.
            await #expect(throws: DecodingError.self) {
                _ = try await store.read { db in try await Forwarding(base: db).rows("SELECT 1 AS one", { try $0.int(1) }) }
            }
            await #expect(throws: DecodingError.self) {
                _ = try await store.read { db in try await Forwarding(base: db).rows("SELECT 1 AS one, 2 AS one", { try $0.int(1) }) }
            }
        }
    }

    @Test("NULL is told apart; a value of the wrong type is a DecodingError and the connection goes on", arguments: TestDatabase.allCases)
    func nullsAndMismatches(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let user = try await Self.seed(store)
            let values = try await store.read { db in
                try await db.firstRow("SELECT NULL AS absent, 'text' AS word, 42 AS number") { row in
                    (try row.isNull(0), try row.isNull(1), try row.isNull(2), try row.string(1), try row.int(2))
                }
            }
            #expect(values?.0 == true)
            #expect(values?.1 == false)
            #expect(values?.2 == false)
            #expect(values?.3 == "text")
            #expect(values?.4 == 42)
            let none = try await store.read { db in try await db.firstRow("SELECT 1 AS one WHERE 1 = 0") { try $0.int(0) } }
            #expect(none == nil)
            // Text is not a UUID, a number, a date or a flag; a NULL is not text.
            let reads: [@Sendable (borrowing ResultRow) throws -> Void] = [
                { _ = try $0.uuid(1) }, { _ = try $0.int(1) }, { _ = try $0.date(1) }, { _ = try $0.bool(1) }, { _ = try $0.double(1) },
                { _ = try $0.string(0) }, { _ = try $0.string(2) }, { try $0.withText(0) { _ in } }, { try $0.withText(2) { _ in } },
                { try $0.withUUIDText(1) { _ in } }, { try $0.withUUIDText(0) { _ in } },
            ]
            for read in reads {
                await #expect(throws: DecodingError.self) {
                    try await store.read { db in
                        _ = try await db.rows("SELECT h.created_at AS absent, h.hint_text AS word FROM hints h WHERE h.source = 'none' UNION ALL SELECT NULL, 'not a value'", read)
                    }
                }
            }
            // A row refused halfway through a result, then the same statement again on the same
            // connection: it starts over with every row (the statement was reset, the rest of the
            // refused result read), and the connection is still the one in use.
            let (refused, again) = try await store.read { db -> (Bool, Int) in
                var seen = 0
                var refused = false
                do {
                    _ = try await db.rows(Self.query(user)) { row in
                        seen += 1
                        if seen == 2 { _ = try row.uuid(1) }  // hint text is not a UUID
                        return try Self.byPosition(row)
                    }
                } catch is DecodingError {
                    refused = true
                }
                return (refused, try await db.rows(Self.query(user), Self.byPosition).count)
            }
            #expect(refused)
            #expect(again == Self.samples.count)
        }
    }

    @Test(
        "a FixedSQL statement reads what the query it stands for reads, each with its own prepared statement; a wrong number of values is refused", arguments: TestDatabase.allCases
    )
    func fixedStatements(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let user = try await Self.seed(store)
            let all = FixedSQL(
                """
                SELECT h.id, h.hint_text, h.source, h.is_used, h.created_at,
                    (SELECT COUNT(*) FROM hints h2 JOIN partner_vaults v2 ON v2.id = h2.vault_id WHERE v2.user_id = ?) AS total
                FROM hints h JOIN partner_vaults v ON v.id = h.vault_id WHERE v.user_id = ? ORDER BY h.created_at DESC, h.id DESC
                """)
            // Another statement with a text of its own, run in between: each keeps its own prepared form.
            let some = FixedSQL(
                "SELECT h.hint_text FROM hints h JOIN partner_vaults v ON v.id = h.vault_id WHERE v.user_id = ? AND h.is_used = ? AND h.hint_text <> ? ORDER BY h.hint_text LIMIT ?"
            )
            #expect(all.valueCount == 2)
            #expect(some.valueCount == 4)
            for run in [store.read, store.transaction] as [@Sendable (@escaping @Sendable (any SQLDatabase) async throws -> [[Read]]) async throws -> [[Read]]] {
                let reads = try await run { db in
                    var fixed: [Read] = []
                    var texts: [String] = []
                    for _ in 0..<2 {
                        fixed = []
                        try await db.forEachRow(all, [user, user]) { row in
                            switch (row.source, database) {
                            case (.sqlite, .sqlite), (.postgres, .postgres): break
                            default: Issue.record("\(database) read through \(row.source)")
                            }
                            fixed.append(try Self.byPosition(row))
                        }
                        texts = []
                        try await db.forEachRow(some, [user, true, "x", 5]) { texts.append(try $0.string(0)) }
                    }
                    #expect(texts == Self.samples.filter { $0.1 && $0.0 != "x" }.map(\.0).sorted())
                    return [fixed, try await db.rows(Self.query(user), Self.byPosition)]
                }
                #expect(reads[0].count == Self.samples.count)
                #expect(reads[0] == reads[1])
            }
            for values in [[user], [user, user, user]] as [[any Encodable & Sendable]] {
                await #expect(throws: FixedSQLError.self) { try await store.read { db in try await db.forEachRow(all, values) { _ in } } }
            }
            let count = try await store.read { db in try await db.rows(Self.query(user)) { _ in 1 }.count }
            #expect(count == Self.samples.count, "the connection goes on")
        }
    }

    @Test("a UUID lent as text is its canonical lower-case form, from either case; text that is not a UUID is a DecodingError", arguments: TestDatabase.allCases)
    func uuidText(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            let uuid = UUID(uuidString: "1F2E3D4C-5B6A-7980-A1B2-C3D4E5F60718")!
            // SQLite holds UUIDs as text, PostgreSQL as `uuid`; on SQLite the stored text may be in
            // either case.
            let stored: [SQLQueryString] =
                database == .sqlite
                ? ["SELECT \(bind: uuid)", "SELECT '1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718'", "SELECT '1F2e3D4c-5B6a-7980-a1B2-c3D4e5F60718'"]
                : ["SELECT \(bind: uuid)", "SELECT CAST('1F2e3D4c-5B6a-7980-a1B2-c3D4e5F60718' AS uuid)"]
            for query in stored {
                let text = try await store.read { db in try await db.firstRow(query) { row in try lentUUIDText(row, 0) } }
                #expect(text == "1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718")
            }
            for notUUID in ["1f2e3d4c-5b6a-7980-a1b2-c3d4e5f6071g", "1f2e3d4c+5b6a-7980-a1b2-c3d4e5f60718", "1f2e3d4c-5b6a-7980-a1b2-c3d4e5f6071", "", "not a uuid"] {
                await #expect(throws: DecodingError.self, "\(notUUID)") {
                    try await store.read { db in _ = try await db.firstRow("SELECT \(bind: notUUID)") { row in try row.withUUIDText(0) { _ in } } }
                }
            }
        }
    }

    @Test("PostgreSQL arrays read as their elements, text in place; NULL is nil; elsewhere, or of the wrong type, a DecodingError", arguments: TestDatabase.allCases)
    func arrays(_ database: TestDatabase) async throws {
        try await PersistenceContractTests.withDatabase(database) { store in
            guard database == .postgres else {
                let reads: [@Sendable (borrowing ResultRow) throws -> Void] = [
                    { _ = try $0.textArray(0) }, { _ = try $0.boolArray(0) }, { _ = try $0.uuidArray(0) }, { _ = try $0.dateArray(0) },
                ]
                for read in reads {
                    await #expect(throws: DecodingError.self) { try await store.read { db in _ = try await db.rows("SELECT 'a' AS word", read) } }
                }
                return
            }
            let first = UUID()
            let when = Date(timeIntervalSince1970: 1_790_000_000.5)
            let read = try await store.read { db in
                try await db.firstRow(
                    """
                    SELECT ARRAY['plain', 'é 🎁', '']::text[] AS texts, ARRAY[true, false] AS flags, NULL::text[] AS none,
                        ARRAY[]::text[] AS empty, ARRAY[\(bind: first)]::uuid[] AS ids, ARRAY[\(bind: when)]::timestamptz[] AS dates,
                        ARRAY['x']::varchar[] AS varchars, 'vé'::varchar AS varchar
                    """
                ) { row in
                    (
                        try row.textArray(0)?.map { String(buffer: $0) }, try row.boolArray(1), try row.textArray(2), try row.withText(7) { String(decoding: $0, as: UTF8.self) },
                        try row.textArray(3), try row.uuidArray(4), try row.dateArray(5), try row.textArray(6)?.map { String(buffer: $0) }
                    )
                }
            }
            let values = try #require(read)
            #expect(values.0 == ["plain", "é 🎁", ""])
            #expect(values.1 == [true, false])
            #expect(values.2 == nil)
            #expect(values.3 == "vé", "a varchar's bytes lent in place")
            #expect(values.4 == [])
            #expect(values.5 == [first])
            #expect(values.6 == [when])
            #expect(values.7 == ["x"])
            // Each element is the value PostgresNIO's decoder reads from the same bytes (timestamps
            // with and without a zone, over two centuries either side of PostgreSQL's epoch).
            let dates = (0..<300).map { _ in Date(timeIntervalSince1970: Double.random(in: -6e9...9e9)) }
            let ids = dates.map { _ in UUID() }
            let flags = dates.map { _ in Bool.random() }
            let mismatches = try await store.read { db in
                try await db.rows(
                    """
                    SELECT x, ARRAY[x], x::timestamp, ARRAY[x::timestamp], u, ARRAY[u], b, ARRAY[b]
                    FROM unnest(\(bind: dates), \(bind: ids), \(bind: flags)) AS t(x, u, b)
                    """
                ) { row in
                    (try row.dateArray(1) != [try row.date(0)] ? 1 : 0) + (try row.dateArray(3) != [try row.date(2)] ? 1 : 0)
                        + (try row.uuidArray(5) != [try row.uuid(4)] ? 1 : 0) + (try row.boolArray(7) != [try row.bool(6)] ? 1 : 0)
                }
            }
            #expect(mismatches.count == dates.count && mismatches.allSatisfy { $0 == 0 })

            // Arrays of another type; not arrays at all; a NULL of another array type; a NULL element;
            // two dimensions; no such column.
            let wrong: [@Sendable (borrowing ResultRow) throws -> Void] = [
                { _ = try $0.textArray(1) }, { _ = try $0.textArray(4) }, { _ = try $0.uuidArray(0) }, { _ = try $0.dateArray(1) },
                { _ = try $0.boolArray(7) }, { _ = try $0.uuidArray(5) }, { _ = try $0.textArray(2) },
                { _ = try $0.boolArray(8) }, { _ = try $0.boolArray(9) }, { _ = try $0.boolArray(10) }, { _ = try $0.textArray(11) },
            ]
            for read in wrong {
                await #expect(throws: DecodingError.self) {
                    try await store.read { db in
                        _ = try await db.rows(
                            "SELECT ARRAY['a']::text[], ARRAY[true], 'b' AS c, 1 AS d, ARRAY[\(bind: first)]::uuid[], 2, 3, 'not an array' AS e, NULL::text[] AS f, ARRAY[true, NULL] AS g, ARRAY[[true], [false]] AS h",
                            read)
                    }
                }
            }
        }
    }
}

/// An SQLKit database that is neither of ours: forwards statements to another.
private struct Forwarding: SQLDatabase {
    let base: any SQLDatabase
    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var dialect: any SQLDialect { base.dialect }
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        base.execute(sql: query, onRow)
    }
}
