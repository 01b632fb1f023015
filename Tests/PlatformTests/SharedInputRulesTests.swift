import Foundation
import HTTPTypes
import Logging
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// Issue 30's rules for input that every app shares: one instant parser, one notion of blank, one
/// length rule with storage that valid text cannot overflow, database refusals answered as client
/// errors, and JSON bodies only under a JSON media type.
@Suite("Shared input rules", .timeLimit(.minutes(4)))
struct SharedInputRulesTests {
    static let utc = TimeZone(identifier: "UTC")!

    @Test("instants: the offset is honoured, fractions and z/t are read, anything else is nil")
    func instantParser() {
        func seconds(_ text: String) -> Double? { ISO8601.date(from: text)?.timeIntervalSince1970 }
        let nineZ = seconds("2027-07-01T09:00:00Z")!
        #expect(seconds("2027-07-01T09:00:00+05:30") == nineZ - 5.5 * 3600)
        #expect(seconds("2027-07-01T09:00:00-07:00") == nineZ + 7 * 3600)
        #expect(seconds("2027-07-01T09:00:00-00:00") == nineZ)
        #expect(seconds("2027-07-01t09:00:00z") == nineZ)
        #expect(seconds("2027-07-01T09:00:00.250Z") == nineZ + 0.25)
        #expect(seconds("2027-07-01T09:00:00.123456789Z")! - nineZ > 0.12345)
        #expect(ISO8601.string(from: ISO8601.date(from: "2027-07-01T09:00:00.980+01:00")!) == "2027-07-01T08:00:00.980Z")
        #expect(seconds("2024-02-29T00:00:00Z") != nil)
        #expect(seconds("0001-01-01T00:00:00Z") != nil)
        #expect(seconds("9999-12-31T23:59:59.999Z") != nil)
        for refused in [
            "2027-02-30T09:00:00Z", "2025-02-29T00:00:00Z", "2027-04-31T09:00:00Z", "2027-13-01T09:00:00Z", "2027-00-01T09:00:00Z",
            "2027-07-01T24:00:00Z", "2027-07-01T25:00:00Z", "2027-07-01T09:60:00Z", "2027-07-01T09:00:60Z", "10000-01-01T00:00:00Z",
            "0000-01-01T00:00:00Z", "0001-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01", "2027-07-01T09:00:00+25:00",
            "2027-07-01T09:00:00+99:99", "2027-07-01T09:00:00+05:60", "2027-07-01T09:00:00+0530", "2027-07-01T09:00:00",
            "2027-07-01T09:00Z", "2027-07-01 09:00:00Z", "2027-07-01T09:00:00.Z", "2027-07-01T09:00:00Z ", "2027-7-01T09:00:00Z",
            "２０２７-07-01T09:00:00Z", "", "2027-07-01",
        ] {
            #expect(ISO8601.date(from: refused) == nil, "\(refused)")
        }
    }

    @Test("blank is white space and invisible characters only, the same list the documents' pattern excludes")
    func blank() throws {
        for blank in ["", " ", "\u{200B}", "\u{200B}\u{200B}\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{3164}", "\u{200D}\u{FE0F}", "\t\u{2028}\u{3000}"] {
            #expect(blank.isBlank, "\(blank.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for text in ["a", "\u{200B}a", "👨‍👩‍👧‍👦", "e\u{301}", "\u{301}", "0"] {
            #expect(!text.isBlank, "\(text)")
        }
        // Every listed character is Unicode White_Space or Default_Ignorable (or U+200B, which trimming removes).
        for range in BlankText.invisibleRanges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                #expect(scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint || value == 0x200B, "\(String(value, radix: 16))")
            }
        }
        // And the document's pattern refuses exactly the blank ones.
        let pattern = try NSRegularExpression(pattern: PlatformOpenAPI.requiredTextPattern)
        for text in ["\u{200B}\u{200B}\u{2060}", "\u{FEFF}", " ", "a", "e\u{301}", "\u{2060}x"] {
            let matches = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(matches == !text.isBlank, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("the strict JSON pass reports numbers with a fraction, an exponent or 19+ digits by the path they were sent at")
    func unusualNumbers() throws {
        let body = Data(#"{"a":1,"b":1.5,"c":[2,1e20],"d":{"notificationLeadTime":-12345678901234567890},"e":100}"#.utf8)
        let numbers = try StrictJSON.inspect(body).unusualNumbers
        #expect(numbers.map(\.path) == ["b", "c[1]", "d.notificationLeadTime"])
        #expect(numbers.map(\.text) == ["1.5", "1e20", "-12345678901234567890"])
        #expect(String(decoding: body[numbers[1].range], as: UTF8.self) == "1e20")
    }

    /// Every text column of every app, after every migration: a CHECK may require text to be
    /// non-empty, but an upper bound on `length()` (code points) could be reached by valid text of
    /// heavy characters. Only columns no client writes free text into may keep one.
    @Test("no table bounds a client's text by code points (every text column of every app, after migrations)", arguments: TestDatabase.allCases)
    func storageBounds(_ database: TestDatabase) async throws {
        try await withServer(database) { _, components in
            let definitions: [String] = try await components.database.read { db in
                if db.isPostgres {
                    return try await db.raw(
                        "SELECT conrelid::regclass::text AS t, pg_get_constraintdef(oid) AS d FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace"
                    ).all().map { "\(try $0.decode(column: "t", as: String.self)): \(try $0.decode(column: "d", as: String.self))" }
                }
                return try await db.raw("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL").all()
                    .map { "\(try $0.decode(column: "name", as: String.self)): \(try $0.decode(column: "sql", as: String.self))" }
            }
            #expect(definitions.count > 10)
            // Server-made values (app identifiers), visible-ASCII-only headers and exact-length codes.
            let exempt: Set<String> = ["app", "idempotency_key", "currency", "budget_currency"]
            let bounded = try Regex(#"length\(\(?"?(\w+)"?\)?\)\s*(?:BETWEEN\s+\d+\s+AND|<=|<)\s*\d+"#)
            var found: [String] = []
            for definition in definitions {
                for match in definition.matches(of: bounded) {
                    let column = String(match.output[1].substring ?? "")
                    if !exempt.contains(column) { found.append("\(definition.prefix(40))… \(match.output[0].substring ?? "")") }
                }
            }
            #expect(found.isEmpty, "\(found)")
            #expect(definitions.contains { $0.contains("length(partner_name) >= 1") || $0.contains("length(partner_name) >= 1)") }, "the non-empty CHECK stays")
        }
    }

    @Test("a database's refusal of data is a 422 naming the column (409 for UNIQUE), on both databases", arguments: TestDatabase.allCases)
    func constraintRefusals(_ database: TestDatabase) async throws {
        try await withServer(database) { _, components in
            // On the shared PostgreSQL database the tables live in a schema of their own, out of the
            // way of the walk over the apps' tables that runs alongside.
            let postgres = database == .postgres
            let suffix = UUID().uuidString.prefix(8).lowercased()
            let parents = postgres ? "refusal_tests.parents_\(suffix)" : "parents"
            let children = postgres ? "refusal_tests.children_\(suffix)" : "children"
            try await components.database.transaction { db in
                if postgres { try await db.raw("CREATE SCHEMA IF NOT EXISTS refusal_tests").run() }
                try await db.raw("CREATE TABLE \(unsafeRaw: parents) (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, title TEXT CHECK (length(title) BETWEEN 1 AND 3))").run()
                try await db.raw("CREATE TABLE \(unsafeRaw: children) (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES \(unsafeRaw: parents) (id))").run()
            }
            func refusal(_ sql: String) async throws -> APIError? {
                do {
                    try await components.database.transaction { try await $0.raw(SQLQueryString(sql)).run() }
                    return nil
                } catch {
                    return ConstraintFailure.apiError(for: error)
                }
            }
            #expect(try await refusal("INSERT INTO \(parents) (id, code, title) VALUES (1, 'a', 'ok')") == nil)
            let check = try await refusal("INSERT INTO \(parents) (id, code, title) VALUES (2, 'b', 'too long')")
            #expect(check?.status == .unprocessableContent)
            #expect(check?.fields.map(\.field) == ["title"])
            let unique = try await refusal("INSERT INTO \(parents) (id, code, title) VALUES (3, 'a', 'ok')")
            #expect(unique?.status == .conflict)
            #expect(unique?.fields.map(\.field) == ["code"])
            let missing = try await refusal("INSERT INTO \(parents) (id, title) VALUES (4, 'ok')")
            #expect(missing?.status == .unprocessableContent)
            #expect(missing?.fields.map(\.field) == ["code"])
            let foreign = try await refusal("INSERT INTO \(children) (id, parent) VALUES (1, 999)")
            #expect(foreign?.status == .unprocessableContent)
            #expect(foreign?.fields.map(\.field) == [postgres ? "parent" : "body"])
            #expect(ConstraintFailure.apiError(for: CancellationError()) == nil, "other errors are not the client's")
            try await components.database.transaction { db in
                try await db.raw("DROP TABLE \(unsafeRaw: children)").run()
                try await db.raw("DROP TABLE \(unsafeRaw: parents)").run()
            }
        }
    }

    @Test("a body without a JSON media type is 415 naming application/json; +json types and parameters are accepted", arguments: [TestDatabase.sqlite])
    func mediaTypes(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let body = Data(#"{"name":"Media"}"#.utf8)
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "json"] {
                let response = try await client.send(.post, "/vibekeeper/api/v1/contacts", token: user.accessToken, body: body, headers: [.contentType: type])
                #expect(response.status == .unsupportedMediaType, "\(type): \(response.text)")
                #expect(response.errorCode == "unsupported_media_type")
                #expect(response.text.contains("application/json"))
            }
            for type in ["application/json", "Application/JSON; charset=utf-8", "application/vnd.api+json"] {
                let response = try await client.send(.post, "/vibekeeper/api/v1/contacts", token: user.accessToken, body: body, headers: [.contentType: type])
                #expect(response.status == .created, "\(type): \(response.text)")
            }
            let hint = try await client.signIn(app: "knot")
            let knot = try await client.send(.post, "/knot/api/v1/vault", token: hint.accessToken, body: Data("{}".utf8), headers: [.contentType: "text/plain"])
            #expect(knot.status == .unsupportedMediaType, "every app: \(knot.text)")
            let capture = try await client.send(
                .post, "/vibekeeper/api/v1/capture/text", token: user.accessToken, body: Data(#"{"text_content":"x"}"#.utf8), headers: [.contentType: "text/plain"])
            #expect(capture.status == .unsupportedMediaType, "\(capture.text)")
        }
    }

    @Test("repeated aliases are dropped before the 20-alias limit is counted", arguments: TestDatabase.allCases)
    func aliasesCountedOnceEach(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let repeated = try await client.send(
                .post, "/vibekeeper/api/v1/contacts", token: user.accessToken, json: ["name": "Linda", "aliases": Array(repeating: "Mom", count: 25) + ["mom", " MOM "]])
            #expect(repeated.status == .created, "\(repeated.text)")
            #expect(repeated.json["aliases"] as? [String] == ["Mom"])
            let twenty = (1...20).map { "Alias \($0)" }
            let atLimit = try await client.send(.post, "/vibekeeper/api/v1/contacts", token: user.accessToken, json: ["name": "Sam", "aliases": twenty + twenty + ["Sam"]])
            #expect(atLimit.status == .created, "\(atLimit.text)")
            #expect((atLimit.json["aliases"] as? [String])?.count == 20)
            let over = try await client.send(.post, "/vibekeeper/api/v1/contacts", token: user.accessToken, json: ["name": "Kim", "aliases": twenty + ["Alias 21"]])
            #expect(over.status == .unprocessableContent)
            #expect(over.errorFields == ["aliases"])
        }
    }

    @Test("an instant keeps its offset: scheduled_for +05:30 is stored 5½ hours earlier in UTC, and the from_date/to_date filters honour offsets", arguments: TestDatabase.allCases)
    func offsetsKept(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn(app: "vibekeeper")
            let idea = try await client.send(.post, "/vibekeeper/api/v1/gift-ideas", token: user.accessToken, json: ["idea": "pottery class"])
            #expect(idea.status == .created, "\(idea.text)")
            let reminder = try await client.send(
                .post, "/vibekeeper/api/v1/reminders", token: user.accessToken,
                json: ["gift_idea_id": idea.json["id"] as Any, "scheduled_for": "2031-07-01T09:00:00+05:30", "message": "call"])
            #expect(reminder.status == .created, "\(reminder.text)")
            #expect(reminder.json["scheduled_for"] as? String == "2031-07-01T03:30:00.000Z")
            func listed(_ query: String) async throws -> Int {
                let response = try await client.send(.get, "/vibekeeper/api/v1/reminders?\(query)", token: user.accessToken)
                #expect(response.status == .ok, "\(query): \(response.text)")
                return ((try? JSONSerialization.jsonObject(with: response.body)) as? [Any])?.count ?? -1
            }
            let manual = "status=pending"
            let before = try await listed(manual)
            // 08:00+05:30 is 02:30Z, before the reminder; 09:30+05:30 is 04:00Z, after it.
            #expect(try await listed("\(manual)&from_date=2031-07-01T08:00:00%2B05:30&to_date=2031-07-01T09:30:00%2B05:30") == 1)
            #expect(try await listed("\(manual)&from_date=2031-07-01T09:01:00%2B05:30") == 0)
            #expect(try await listed("\(manual)&to_date=2031-07-01T08:59:00%2B05:30") == before - 1)
            let impossible = try await client.send(.get, "/vibekeeper/api/v1/reminders?from_date=2031-02-30T00:00:00Z", token: user.accessToken)
            #expect(impossible.status == .unprocessableContent)
            #expect(impossible.errorFields == ["from_date"])
        }
    }
}
