import Foundation
import HTTPTypes
import KnotTestSupport
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

@testable import Knot

@Suite("Account API: devices, notification preferences, export, deletion", .timeLimit(.minutes(3)))
struct AccountAPITests {
    @Test("device tokens register, re-register as updated, and are validated", arguments: TestDatabase.allCases)
    func deviceTokens(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased() + "ab12cd34"
            let first = try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": token.uppercased(), "platform": "ios"])
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.json["status"] as? String == "registered")
            #expect(first.json["device_token"] as? String == token, "APNs tokens are normalised to lower case")
            let again = try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": token])
            #expect(again.json["status"] as? String == "updated")
            #expect(again.json["platform"] as? String == "ios", "platform defaults to ios")
            let android = try await client.send(
                .post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": "fcm:APA91b-\(UUID().uuidString)", "platform": "android"])
            #expect(android.json["status"] as? String == "registered")
            let invalid: [([String: Any], String)] = [
                (["device_token": "", "platform": "ios"], "device_token"),
                (["device_token": "   "], "device_token"),
                (["device_token": String(repeating: "a", count: 201)], "device_token"),
                (["device_token": "not hex!", "platform": "ios"], "device_token"),
                (["device_token": "ＡＢ１２", "platform": "ios"], "device_token"),
                (["device_token": "abcd", "platform": "windows"], "platform"),
                (["platform": "ios"], "device_token"),
            ]
            for (body, field) in invalid {
                let response = try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.errorFields == [field], "\(body)")
            }
        }
    }

    @Test("racing registrations of one device token never fail", arguments: TestDatabase.allCases)
    func concurrentDeviceRegistration(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let response = try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": token])
                        return (Int(response.status.code), response.json["status"] as? String)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.0 == 200 }, "\(statuses)")
            #expect(statuses.filter { $0.1 == "registered" }.count == 1)
        }
    }

    @Test("notification preferences default to on, quiet 22→8, and update partially with validation", arguments: TestDatabase.allCases)
    func notificationPreferences(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let defaults = try await client.send(.get, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken)
            #expect(defaults.status == .ok)
            #expect(defaults.json["notifications_enabled"] as? Bool == true)
            #expect(defaults.json["quiet_hours_start"] as? Int == 22)
            #expect(defaults.json["quiet_hours_end"] as? Int == 8)
            #expect(defaults.json["timezone"] is NSNull)
            let updated = try await client.send(
                .put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["quiet_hours_start": 21, "timezone": "Europe/Berlin"])
            #expect(updated.status == .ok)
            #expect(updated.json["quiet_hours_start"] as? Int == 21)
            #expect(updated.json["quiet_hours_end"] as? Int == 8, "fields not sent are unchanged")
            #expect(updated.json["timezone"] as? String == "Europe/Berlin")
            _ = try await client.send(
                .put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: ["notifications_enabled": false, "quiet_hours_end": 0])
            let read = try await client.send(.get, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken).json
            #expect(read["notifications_enabled"] as? Bool == false)
            #expect(read["quiet_hours_end"] as? Int == 0)
            #expect(read["quiet_hours_start"] as? Int == 21)
            for (body, field) in [
                (["quiet_hours_start": 24], "quiet_hours_start"), (["quiet_hours_end": -1], "quiet_hours_end"), (["timezone": "Mars/Olympus"], "timezone"),
                (["timezone": "EST5EDT+"], "timezone"),
            ] as [([String: Any], String)] {
                let response = try await client.send(.put, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(response.errorFields == [field], "\(body)")
            }
            #expect(
                try await client.send(.get, "/knot/api/v1/users/me/notification-preferences", token: user.accessToken).json["timezone"] as? String == "Europe/Berlin",
                "a rejected update changes nothing")
        }
    }

    @Test("export is a downloadable JSON file with every row of the user's data", arguments: TestDatabase.allCases)
    func exportContainsEverything(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let email = "exporter-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let user = try await client.signIn(email)
            _ = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            _ = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "wants a kayak"])
            let deviceToken = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            _ = try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": deviceToken])
            let other = try await client.signIn()
            _ = try await client.send(.post, "/knot/api/v1/vault", token: other.accessToken, json: validVaultPayload(name: "Not mine"))
            _ = try await client.send(.post, "/knot/api/v1/hints", token: other.accessToken, json: ["hint_text": "someone else's hint"])

            let response = try await client.send(.get, "/knot/api/v1/users/me/export", token: user.accessToken)
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"knot-export-") == true)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let export = response.json
            #expect(export["exported_at"] as? String != nil)
            let account = export["user"] as? [String: Any]
            #expect(account?["id"] as? String == user.userID)
            #expect(account?["email"] as? String == email)
            #expect((export["devices"] as? [[String: Any]])?.first?["token"] as? String == deviceToken)
            #expect((export["notification_preferences"] as? [String: Any])?["quiet_hours_start"] as? Int == 22)
            let data = try #require(export["data"] as? [String: Any])
            #expect((data["vault"] as? [String: Any])?["partner_name"] as? String == "Alex")
            let hints = data["hints"] as? [[String: Any]] ?? []
            #expect(hints.map { $0["hint_text"] as? String } == ["wants a kayak"])
            #expect(hints.first?["embedding"] == nil, "vectors are not exported")
            #expect(data["recommendations"] as? [Any] != nil)
            #expect(data["feedback"] as? [Any] != nil)
            #expect(data["notifications"] as? [Any] != nil)
            #expect(!response.text.contains("Not mine") && !response.text.contains("someone else's"))
        }
    }

    @Test("deleting the account removes every row on the database and kills its tokens", arguments: TestDatabase.allCases)
    func deleteAccountRemovesEverything(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn()
            let survivor = try await client.signIn()
            for person in [user, survivor] {
                _ = try await client.send(.post, "/knot/api/v1/vault", token: person.accessToken, json: validVaultPayload())
                _ = try await client.send(.post, "/knot/api/v1/hints", token: person.accessToken, json: ["hint_text": "likes jazz"])
                _ = try await client.send(
                    .post, "/knot/api/v1/users/device-token", token: person.accessToken,
                    json: ["device_token": UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()])
                _ = try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": person.refreshToken])
            }
            let userID = UUID(uuidString: user.userID)!
            let before = try await Self.rowCounts(for: userID, in: server.database)
            #expect(before.values.allSatisfy { $0 > 0 }, "fixture touches every table: \(before)")

            let deleted = try await client.send(.delete, "/knot/api/v1/users/me", token: user.accessToken)
            #expect(deleted.status == .ok)
            #expect(deleted.json["status"] as? String == "deleted")

            let after = try await Self.rowCounts(for: userID, in: server.database)
            #expect(after.values.allSatisfy { $0 == 0 }, "left behind: \(after.filter { $0.value > 0 })")
            let old = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken)
            #expect(old.status == .unauthorized)
            #expect(old.headers[.wwwAuthenticate] != nil)
            #expect(try await client.send(.get, "/knot/api/v1/vault", token: survivor.accessToken).status == .ok, "other accounts are untouched")
            #expect(try await Self.rowCounts(for: UUID(uuidString: survivor.userID)!, in: server.database).values.allSatisfy { $0 > 0 })
        }
    }

    /// Rows per table that belong to `user`, directly or through their vault.
    static func rowCounts(for user: UUID, in database: any Database) async throws -> [String: Int] {
        try await database.read { db in
            var counts: [String: Int] = [:]
            func count(_ name: String, _ sql: SQLQueryString) async throws {
                counts[name] = try await db.raw(sql).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            let vault: SQLQueryString = "(SELECT id FROM partner_vaults WHERE user_id = \(bind: user))"
            try await count("users", "SELECT COUNT(*) AS n FROM users WHERE id = \(bind: user)")
            try await count("user_identities", "SELECT COUNT(*) AS n FROM user_identities WHERE user_id = \(bind: user)")
            try await count("auth_sessions", "SELECT COUNT(*) AS n FROM auth_sessions WHERE user_id = \(bind: user)")
            try await count("refresh_tokens", "SELECT COUNT(*) AS n FROM refresh_tokens WHERE user_id = \(bind: user)")
            try await count("device_tokens", "SELECT COUNT(*) AS n FROM device_tokens WHERE user_id = \(bind: user)")
            try await count("vector_entries", "SELECT COUNT(*) AS n FROM vector_entries WHERE owner_id = \(bind: user)")
            try await count("partner_vaults", "SELECT COUNT(*) AS n FROM partner_vaults WHERE user_id = \(bind: user)")
            for table in ["partner_interests", "partner_milestones", "partner_vibes", "partner_budgets", "partner_love_languages", "hints"] {
                // The vault is gone after deletion, so count children by the vault IDs recorded up front too.
                try await count(table, "SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE vault_id IN \(vault) OR vault_id NOT IN (SELECT id FROM partner_vaults)")
            }
            return counts
        }
    }
}

@Suite("Wire keys", .timeLimit(.minutes(3)))
struct WireKeyTests {
    /// Every key of every object in `value`, recursively.
    static func keys(in value: Any) -> [String] {
        if let object = value as? [String: Any] { return object.keys.map { $0 } + object.values.flatMap(keys(in:)) }
        if let array = value as? [Any] { return array.flatMap(keys(in:)) }
        return []
    }

    @Test("every response key is snake_case")
    func responsesUseSnakeCase() async throws {
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            var bodies: [APIResponse] = [try await client.send(.post, "/knot/auth/refresh", json: ["refresh_token": user.refreshToken])]
            bodies.append(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()))
            bodies.append(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "likes jazz"]))
            bodies.append(try await client.send(.post, "/knot/api/v1/users/device-token", token: user.accessToken, json: ["device_token": "ab"]))
            for path in [
                "/health", "/knot/api/v1/vault", "/knot/api/v1/hints?limit=1", "/knot/api/v1/hints/search?q=jazz", "/knot/api/v1/users/me/notification-preferences",
                "/knot/api/v1/users/me/export",
            ] {
                bodies.append(try await client.send(.get, path, token: user.accessToken))
            }
            bodies.append(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: ["partner_name": ""]))
            for body in bodies {
                #expect(body.status.code < 500)
                let object = try JSONSerialization.jsonObject(with: body.body)
                let offending = Self.keys(in: object).filter { key in !key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } }
                #expect(offending.isEmpty, "\(offending)")
            }
        }
    }
}
