import Foundation
import HTTPTypes
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing
import ZiaAPI

/// `POST /zia/v1/users/upsert`, export and account deletion through the HTTP API, on both databases.
@Suite("Zia accounts", .timeLimit(.minutes(3)))
struct ZiaAccountAPITests {
    static let preferences = ZiaRoutes.platform.notificationPreferences.endpoint.path

    @Test("upsert stores the caller's fields (never a body's user_id) and keeps the time zone in the notification preferences", arguments: TestDatabase.allCases)
    func upsert(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let first = try await client.send(
                .post, ZiaServer.upsertUser, token: user.accessToken,
                json: ["user_id": other.userID, "display_name": "  Ana ", "timezone": "Europe/Berlin", "beta_cohort": "wave-1", "personalization_consent": true])
            #expect(first.status == .ok, "\(first.text)")
            #expect(
                try first.decode(ZiaUser.self)
                    == ZiaUser(userID: UserID(user.userID)!, displayName: "Ana", timezone: "Europe/Berlin", betaCohort: "wave-1", personalizationConsent: true))
            let zone = try await client.send(.get, Self.preferences, token: user.accessToken)
            #expect(zone.json["timezone"] as? String == "Europe/Berlin", "the platform's time zone, not a copy")

            let untouched = try await client.send(.post, ZiaServer.upsertUser, token: other.accessToken, json: [:] as [String: Any])
            #expect(try untouched.decode(ZiaUser.self) == ZiaUser(userID: UserID(other.userID)!), "the body's user_id changed nobody else")

            let partial = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["personalization_consent": false])
            #expect(
                try partial.decode(ZiaUser.self)
                    == ZiaUser(userID: UserID(user.userID)!, displayName: "Ana", timezone: "Europe/Berlin", betaCohort: "wave-1", personalizationConsent: false))

            // One copy: a time zone set through the platform's route is the one upsert answers.
            _ = try await client.send(.put, Self.preferences, token: user.accessToken, json: ["timezone": "Asia/Tokyo"])
            #expect(try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: [:] as [String: Any]).json["timezone"] as? String == "Asia/Tokyo")

            let cleared = try await client.send(
                .post, ZiaServer.upsertUser, token: user.accessToken, json: ["display_name": NSNull(), "timezone": NSNull(), "beta_cohort": NSNull()])
            #expect(try cleared.decode(ZiaUser.self) == ZiaUser(userID: UserID(user.userID)!))
            #expect(try await client.send(.get, Self.preferences, token: user.accessToken).json["timezone"] is NSNull)
        }
    }

    @Test("a bad upsert is a 422 naming every offending field and changes nothing; no token is a 401", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let bad = try await client.send(
                .post, ZiaServer.upsertUser, token: user.accessToken,
                json: ["display_name": String(repeating: "n", count: 101), "timezone": "Mars/Olympus", "beta_cohort": "Wave 1"])
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.errorFields) == ["display_name", "timezone", "beta_cohort"])
            #expect(try await client.send(.get, Self.preferences, token: user.accessToken).json["timezone"] is NSNull, "nothing was saved")
            let cases: [([String: Any], String)] = [
                (["personalization_consent": "yes"], "personalization_consent"),
                (["timezone": "  "], "timezone"),
                (["timezone": "EST"], "timezone"),
                (["timezone": " Europe/Berlin"], "timezone"),
                (["beta_cohort": ""], "beta_cohort"),
                (["display_name": 7], "display_name"),
            ]
            for (body, field) in cases {
                let response = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields == [field], "\(body): \(response.text)")
            }
            let anonymous = try await client.send(.post, ZiaServer.upsertUser, json: [:] as [String: Any])
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the export holds Zia's rows; deleting the account removes them and no one else's", arguments: TestDatabase.allCases)
    func exportAndDeletion(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, server in
            let user = try await client.signIn(app: "zia")
            let survivor = try await client.signIn(app: "zia")
            for person in [user, survivor] {
                _ = try await client.send(.post, ZiaServer.upsertUser, token: person.accessToken, json: ["display_name": "Sam", "timezone": "Europe/Paris"])
                _ = try await client.send(.post, ZiaServer.upsertHousehold, token: person.accessToken, json: ["kidsAges": [3], "allergies": ["sesame"]])
            }
            let export = try await client.send(.get, ZiaRoutes.platform.export.endpoint.path, token: user.accessToken)
            #expect(export.status == .ok)
            let data = try #require(export.json["data"] as? [String: Any])
            #expect((data["user"] as? [String: Any])?["display_name"] as? String == "Sam")
            let household = try #require(data["household"] as? [String: Any])
            #expect(household["allergies"] as? [String] == ["sesame"])
            #expect((household["kids"] as? [[String: Any]])?.first?["age"] as? Int == 3)
            #expect((export.json["notification_preferences"] as? [String: Any])?["timezone"] as? String == "Europe/Paris")

            #expect(try await Self.rows(of: user.userID, in: server.database) == 2)
            let deleted = try await client.send(.delete, ZiaRoutes.platform.deleteAccount.endpoint.path, token: user.accessToken)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(try await Self.rows(of: user.userID, in: server.database) == 0)
            #expect(try await Self.rows(of: survivor.userID, in: server.database) == 2)
            #expect(try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken).status == .unauthorized)
        }
    }

    /// The user's rows in Zia's tables.
    static func rows(of user: String, in database: any Database) async throws -> Int {
        let id = UUID(uuidString: user)!
        return try await database.read { db in
            var total = 0
            for table in ["zia_users", "zia_households"] {
                total += try await db.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE user_id = \(bind: id)").first()!.decode(column: "n", as: Int.self)
            }
            return total
        }
    }
}
