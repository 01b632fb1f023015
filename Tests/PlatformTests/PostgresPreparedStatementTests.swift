import Foundation
import Logging
import PostgresNIO
import SQLKit
import TestSupport
import Testing

@testable import Persistence

/// PostgreSQL statements run as named prepared statements (issue 13): prepared once per
/// connection, results and errors the same as PostgresKit's unnamed path.
@Suite("PostgreSQL prepared statements", .timeLimit(.minutes(3)))
struct PostgresPreparedStatementTests {
    static func withStore<T: Sendable>(_ body: @Sendable (PostgresStore) async throws -> T) async throws -> T {
        // These tests check results, not the bound: they start first in the full run, beside 400
        // others on 2 cores, and their first queries there took more than 30 s (three runs failed so).
        let store = try PostgresStore(url: try TestDatabase.postgresURL(), maxConnections: 1, operationTimeout: .seconds(120), logger: Logger(label: "test"))
        let run = Task { try await store.run() }
        defer { run.cancel() }
        let result = try await body(store)
        await store.close()
        return result
    }

    @Test("names: one per text and parameter types, the same on every call, none past the capacity")
    func names() {
        let names = PostgresStatementNames(capacity: 3)
        let first = names.name(for: "SELECT $1", types: [.int8])?.0
        #expect(first != nil)
        #expect(names.name(for: "SELECT $1", types: [.int8])?.0 == first)
        let second = names.name(for: "SELECT $1", types: [.text])?.0
        #expect(second != nil && second != first)
        #expect(names.name(for: "SELECT $1", types: [.text])?.0 == second)
        // A NULL reuses a variant whose other types match, with that variant's declared types.
        let withNull = names.name(for: "SELECT $1, $2", types: [.text, .int8])
        #expect(names.name(for: "SELECT $1, $2", types: [.null, .int8])?.0 == withNull?.0)
        #expect(names.name(for: "SELECT $1, $2", types: [.null, .int8])?.1 == [.text, .int8])
        #expect(names.count == 3)
        #expect(names.name(for: "SELECT 2", types: []) == nil, "past the capacity")
        #expect(names.name(for: "SELECT $1, $2", types: [.null, .bool]) == nil, "no fitting variant, and no room for a new one")
        #expect(names.name(for: "SELECT x", types: Array(repeating: .int8, count: 65)) == nil, "bulk statements are not prepared")
    }

    @Test("a repeated statement is prepared on the connection once and gives the same rows")
    func preparedOnce() async throws {
        try await Self.withStore { store in
            let marker = "prepared-\(UUID().uuidString)"
            let (first, second, prepared) = try await store.read { db in
                let query: @Sendable () async throws -> [String] = {
                    try await db.raw("SELECT \(bind: marker) || g::text AS value FROM generate_series(1, \(bind: 3)) AS g ORDER BY g").all()
                        .map { try $0.decode(column: "value", as: String.self) }
                }
                let first = try await query()
                let second = try await query()
                let prepared = try await db.raw("SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE statement LIKE \(bind: "%generate_series(1, $2)%")")
                    .first()!.decode(column: "n", as: Int.self)
                return (first, second, prepared)
            }
            #expect(first == [marker + "1", marker + "2", marker + "3"])
            #expect(second == first)
            #expect(prepared == 1)
        }
    }

    @Test("absent optionals, present optionals, arrays, dates, UUIDs and JSON-encoded values bind as on PostgresKit's path")
    func bindKinds() async throws {
        struct Payload: Codable, Sendable, Equatable { let name: String; let count: Int }
        try await Self.withStore { store in
            let id = UUID()
            let date = Date(timeIntervalSince1970: 1_795_280_193.155)
            let (row, payloadRow, prepared) = try await store.read { db in
                // Every value here has a PostgreSQL encoding, so this runs prepared (checked below).
                let row = try await db.raw(
                    """
                    SELECT \(bind: String?.none)::text AS absent, \(bind: String?.some("here")) AS present, \(bind: ["a", "b"]) AS list,
                        \(bind: date) AS stamp, \(bind: id) AS id, \(bind: Int?.none)::int8 AS no_number, \(bind: 2.5) AS number, \(bind: true) AS flag
                    """
                ).first()!
                // A Codable value is JSON-encoded on PostgresKit's path.
                let payloadRow = try await db.raw("SELECT \(bind: Payload(name: "p", count: 2)) AS payload").first()!
                let prepared = try await db.raw("SELECT COUNT(*) AS n FROM pg_prepared_statements WHERE statement LIKE \(bind: "%AS no_number%")")
                    .first()!.decode(column: "n", as: Int.self)
                return (row, payloadRow, prepared)
            }
            #expect(prepared == 1)
            #expect(try row.decodeNil(column: "absent"))
            #expect(try row.decode(column: "absent", as: String?.self) == nil)
            #expect(try row.decode(column: "present", as: String.self) == "here")
            #expect(try row.decode(column: "list", as: [String].self) == ["a", "b"])
            #expect(abs(try row.decode(column: "stamp", as: Date.self).timeIntervalSince(date)) < 0.001)
            #expect(try row.decode(column: "id", as: UUID.self) == id)
            #expect(try payloadRow.decode(column: "payload", as: Payload.self) == Payload(name: "p", count: 2))
            #expect(try row.decode(column: "no_number", as: Int?.self) == nil)
            #expect(try row.decode(column: "number", as: Double.self) == 2.5)
            #expect(try row.decode(column: "flag", as: Bool.self))
            // Reading a column as the wrong type fails as on PostgresKit's row, not with a crash.
            #expect(throws: (any Error).self) { try row.decode(column: "present", as: Int.self) }
            #expect(throws: (any Error).self) { try row.decode(column: "missing", as: String.self) }
        }
    }

    @Test("a failing statement leaves the connection usable, also inside a transaction that is then rolled back")
    func errorsKeepTheConnection() async throws {
        try await Self.withStore { store in
            await #expect(throws: (any Error).self) {
                try await store.read { db in try await db.raw("SELECT 1 / \(bind: 0) AS n").run() }
            }
            await #expect(throws: (any Error).self) {
                try await store.transaction { db in
                    try await db.raw("SELECT 1 / \(bind: 0) AS n").run()
                }
            }
            let n = try await store.read { db in try await db.raw("SELECT 1 / \(bind: 1) AS n").first()!.decode(column: "n", as: Int.self) }
            #expect(n == 1)
        }
    }

    @Test("a statement first prepared inside an aborted transaction works afterwards (the connection is not reused)")
    func abortedTransactionDoesNotPoison() async throws {
        try await Self.withStore { store in
            // A text no connection has prepared yet, so its first Parse happens in the aborted transaction.
            let sql: SQLQueryString = "SELECT \(bind: 41) + 1 AS n /* \(unsafeRaw: UUID().uuidString) */"
            let failedInside = try await store.transaction { db -> Bool in
                do { try await db.raw("SELECT 1 / \(bind: 0) AS n").run() } catch {}
                do {
                    _ = try await db.raw(sql).first()
                    return false
                } catch {
                    return true  // "current transaction is aborted"
                }
            }
            #expect(failedInside)
            let n = try await store.read { db in try await db.raw(sql).first()!.decode(column: "n", as: Int.self) }
            #expect(n == 42)
        }
    }
}
