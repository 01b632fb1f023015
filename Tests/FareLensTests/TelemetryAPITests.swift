import AppServer
import FareLens
import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// `POST /farelens/v1/events` through the HTTP API on both databases: events kept under the
/// install's anonymous id with nothing naming the user, every 422, the per-install cap (429 with
/// Retry-After, nothing of the refused batch kept).
@Suite("FareLens telemetry API", .timeLimit(.minutes(3)))
struct TelemetryAPITests {
    static var path: String { FareLensRoutes.events.endpoint.path }

    static func events(_ names: [String], properties: [String: Any] = [:]) -> [[String: Any]] {
        names.map { ["name": $0, "properties": properties] }
    }

    static func rows(_ server: ServerComponents, install: UUID) async throws -> [any SQLRow] {
        try await server.database.read { db in
            try await db.raw("SELECT * FROM farelens_events WHERE install_id = \(bind: install) ORDER BY received_at, name").all()
        }
    }

    @Test("a batch is kept under the install id only: no column or value names the user", arguments: TestDatabase.allCases)
    func storedWithoutUser(_ database: TestDatabase) async throws {
        try await PointsAPITests.with(database) { client, _, server in
            let user = try await client.signIn(app: "farelens")
            let install = UUID()
            let body: [String: Any] = [
                "install_id": install.uuidString.lowercased(),
                "events": [
                    ["name": "appLaunched"], ["name": "dealsLoaded", "properties": ["count": 12, "source": "cache"]],
                    ["name": "affiliate_click", "properties": ["dealId": "abc123", "provider": "aviasales", "placement": "dealcard"]],
                    ["name": "dealSaved", "properties": ["dealId": "abc123"]], ["name": "dismiss", "properties": ["dealId": "x", "swiped": true]],
                    ["name": "booking", "properties": ["completed": false]],
                ],
            ]
            let response = try await client.send(.post, Self.path, token: user.accessToken, json: body)
            #expect(response.status == .accepted, "\(response.text)")
            #expect(try response.decode(TelemetryReceipt.self).accepted == 6)
            let rows = try await Self.rows(server, install: install)
            #expect(rows.count == 6)
            for row in rows {
                #expect(Set(row.allColumns) == ["id", "install_id", "name", "properties", "received_at"])
                let properties = try row.decode(column: "properties", as: String.self)
                #expect(!properties.lowercased().contains(user.userID.lowercased()))
            }
            let names = try rows.map { try $0.decode(column: "name", as: String.self) }
            #expect(Set(names) == ["appLaunched", "dealsLoaded", "affiliate_click", "dealSaved", "dismiss", "booking"])
            let click = try #require(rows.first { try $0.decode(column: "name", as: String.self) == "affiliate_click" })
            let stored = try JSONValue(parsing: Data(try click.decode(column: "properties", as: String.self).utf8))
            #expect(stored == .object(["dealId": .string("abc123"), "provider": .string("aviasales"), "placement": .string("dealcard")]))
        }
    }

    @Test("every bad field is a 422 naming it", arguments: TestDatabase.allCases)
    func validation(_ database: TestDatabase) async throws {
        try await PointsAPITests.with(database) { client, _, server in
            let user = try await client.signIn(app: "farelens")
            let install = UUID().uuidString
            let many = (0..<11).reduce(into: [String: Any]()) { $0["p\($1)"] = $1 }
            let cases: [([String: Any], [String])] = [
                ([:], ["install_id", "events"]),
                (["install_id": "not-a-uuid", "events": Self.events(["appLaunched"])], ["install_id"]),
                (["install_id": install, "events": []], ["events"]),
                (["install_id": install, "events": Self.events(Array(repeating: "appLaunched", count: 51))], ["events"]),
                (["install_id": install, "events": Self.events(["screenView"])], ["events[0].name"]),
                (["install_id": install, "events": [["properties": [:]]]], ["events[0].name"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: many)], ["events[0].properties"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: ["deal id": "x"])], ["events[0].properties"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: ["_x": "x"])], ["events[0].properties"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: ["dealId": String(repeating: "a", count: 101)])], ["events[0].properties.dealId"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: ["dealId": ["nested": 1]])], ["events[0].properties.dealId"]),
                (["install_id": install, "events": Self.events(["dealSaved"], properties: ["dealId": NSNull()])], ["events[0].properties.dealId"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, Self.path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(body): \(response.text)")
            }
            // A number no Double holds names its property and says so (not "must be an object").
            let huge = try await client.send(
                .post, Self.path, token: user.accessToken,
                body: Data(#"{"install_id": "\#(install)", "events": [{"name": "dealSaved", "properties": {"a": 1e400}}]}"#.utf8))
            #expect(huge.status == .unprocessableContent && huge.errorFields == ["events[0].properties.a"], "\(huge.text)")
            #expect(huge.text.contains("out of range"), "\(huge.text)")
            // 100 characters as people see them pass, whatever their code points.
            let ok = try await client.send(
                .post, Self.path, token: user.accessToken,
                json: ["install_id": install, "events": Self.events(["dealSaved"], properties: ["note": String(repeating: "👨‍👩‍👧‍👦", count: 100)])])
            #expect(ok.status == .accepted, "\(ok.text)")
            #expect(try await Self.rows(server, install: UUID(uuidString: install)!).count == 1)
        }
    }

    @Test("60 events per install a minute: past them a 429 with Retry-After and nothing kept; another install is not held; the window slides", arguments: TestDatabase.allCases)
    func cap(_ database: TestDatabase) async throws {
        try await PointsAPITests.with(database) { client, clock, server in
            let user = try await client.signIn(app: "farelens")
            let install = UUID()
            func send(_ count: Int, _ id: UUID = install) async throws -> APIResponse {
                try await client.send(
                    .post, Self.path, token: user.accessToken, json: ["install_id": id.uuidString, "events": Self.events(Array(repeating: "dealsLoaded", count: count))])
            }
            #expect(try await send(50).status == .accepted)
            clock.advance(by: 20)
            let over = try await send(11)
            #expect(over.status == .tooManyRequests, "\(over.text)")
            #expect(over.headers[.retryAfter] == "40", "the first 50 leave the window 60 s after they came")
            #expect(try await Self.rows(server, install: install).count == 50, "nothing of the refused batch kept")
            #expect(try await send(10).status == .accepted)
            #expect(try await send(1).status == .tooManyRequests)
            #expect(try await send(50, UUID()).status == .accepted, "another install has its own count")
            clock.advance(by: 40)
            #expect(try await send(50).status == .accepted, "the first batch has left the window")
            #expect(try await Self.rows(server, install: install).count == 110)

            // Fresh install ids do not lift the account's own limit (30 batches a minute, in memory).
            let other = try await client.signIn(app: "farelens")
            var statuses: [Int] = []
            for _ in 0..<(TelemetryController.batchesPerMinutePerUser + 1) {
                statuses.append(
                    try await client.send(
                        .post, Self.path, token: other.accessToken, json: ["install_id": UUID().uuidString, "events": Self.events(["appLaunched"])]
                    ).status.code)
            }
            #expect(statuses.dropLast().allSatisfy { $0 == 202 } && statuses.last == 429, "\(statuses)")
        }
    }
}
