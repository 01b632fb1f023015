import Foundation
import HTTPTypes
import KnotAPI
import KnotTestSupport
import Persistence
import PlatformCore
import TestSupport
import Testing

@testable import Knot

@Suite("Partner vault API", .timeLimit(.minutes(3)))
struct VaultAPITests {
    @Test("POST creates the vault (201) and GET returns exactly what was stored", arguments: TestDatabase.allCases)
    func createThenGetRoundTrips(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let created = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            #expect(created.status == .created, "\(created.text)")
            let fetched = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken)
            #expect(fetched.status == .ok)
            let vault = fetched.json
            #expect(vault["vault_id"] as? String == created.json["vault_id"] as? String)
            #expect(vault["partner_name"] as? String == "Alex")
            #expect(vault["relationship_tenure_months"] as? Int == 26)
            #expect(vault["cohabitation_status"] as? String == "living_together")
            #expect(vault["location_city"] as? String == "Austin")
            #expect(vault["location_state"] as? String == "TX")
            #expect(vault["location_country"] as? String == "US")
            #expect(Set(vault["interests"] as? [String] ?? []) == ["Cooking", "Hiking", "Coffee", "Music", "Board Games"])
            #expect(Set(vault["dislikes"] as? [String] ?? []) == ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"])
            #expect(vault["vibes"] as? [String] == ["outdoorsy", "romantic"])
            let budgets = vault["budgets"] as? [[String: Any]] ?? []
            #expect(budgets.map { $0["occasion_type"] as? String } == ["just_because", "minor_occasion", "major_milestone"])
            #expect(budgets.map { $0["min_amount"] as? Int } == [2000, 5000, 10000])
            #expect(budgets.map { $0["max_amount"] as? Int } == [5000, 15000, 50000])
            #expect(budgets.allSatisfy { $0["currency"] as? String == "USD" })
            let love = vault["love_languages"] as? [String: String]
            #expect(love == ["primary": "quality_time", "secondary": "receiving_gifts"])
            let milestones = vault["milestones"] as? [[String: Any]] ?? []
            #expect(milestones.count == 5)
            #expect(milestones.allSatisfy { UUID(uuidString: $0["id"] as? String ?? "") != nil })
            #expect(created.json["milestones"] as? [[String: Any]] != nil, "POST answers with the stored vault")
        }
    }

    @Test("milestone budget tiers default by type, and yearly dates are stored in year 2000", arguments: TestDatabase.allCases)
    func milestoneDefaults(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            var payload = validVaultPayload()
            payload["milestones"] = [
                ["milestone_type": "birthday", "milestone_name": "Birthday", "milestone_date": "1996-02-29", "recurrence": "yearly"],
                ["milestone_type": "anniversary", "milestone_name": "Anniversary", "milestone_date": "2019-09-02"],
                ["milestone_type": "holiday", "milestone_name": "Valentine's Day", "milestone_date": "2000-02-14", "recurrence": "yearly"],
                ["milestone_type": "holiday", "milestone_name": "Christmas", "milestone_date": "2000-12-25", "recurrence": "yearly"],
                ["milestone_type": "holiday", "milestone_name": "Mother's Day", "milestone_date": "2000-05-14", "recurrence": "yearly"],
                ["milestone_type": "holiday", "milestone_name": "Halloween", "milestone_date": "2000-10-31", "recurrence": "yearly"],
                ["milestone_type": "custom", "milestone_name": "First date", "milestone_date": "2021-07-04", "recurrence": "one_time", "budget_tier": "just_because"],
                ["milestone_type": "birthday", "milestone_name": "Explicit tier", "milestone_date": "2000-01-01", "recurrence": "yearly", "budget_tier": "minor_occasion"],
            ]
            let created = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: payload)
            #expect(created.status == .created, "\(created.text)")
            let milestones = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json["milestones"] as? [[String: Any]] ?? []
            func milestone(_ name: String) -> [String: Any]? { milestones.first { $0["milestone_name"] as? String == name } }
            #expect(milestone("Birthday")?["budget_tier"] as? String == "major_milestone")
            #expect(milestone("Birthday")?["milestone_date"] as? String == "2000-02-29", "yearly dates keep month/day in the leap placeholder year")
            #expect(milestone("Anniversary")?["budget_tier"] as? String == "major_milestone")
            #expect(milestone("Anniversary")?["recurrence"] as? String == "yearly", "recurrence defaults to yearly")
            #expect(milestone("Anniversary")?["milestone_date"] as? String == "2000-09-02")
            #expect(milestone("Valentine's Day")?["budget_tier"] as? String == "major_milestone")
            #expect(milestone("Christmas")?["budget_tier"] as? String == "major_milestone")
            #expect(milestone("Mother's Day")?["budget_tier"] as? String == "minor_occasion")
            #expect(milestone("Halloween")?["budget_tier"] as? String == "minor_occasion")
            #expect(milestone("First date")?["budget_tier"] as? String == "just_because")
            #expect(milestone("First date")?["milestone_date"] as? String == "2021-07-04", "one-time dates keep their year")
            #expect(milestone("Explicit tier")?["budget_tier"] as? String == "minor_occasion", "an explicit tier wins")
        }
    }

    @Test("a second POST is a 409 and leaves the vault as it was", arguments: TestDatabase.allCases)
    func secondCreateConflicts(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .created)
            let again = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload(name: "Sam"))
            #expect(again.status == .conflict)
            #expect(again.errorCode == "vault_exists")
            #expect(try await client.send(KnotRoutes.vault, token: user.accessToken).value?.partnerName == "Alex")
        }
    }

    @Test("GET and PUT without a vault are 404", arguments: TestDatabase.allCases)
    func missingVaultIs404(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            #expect(try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).status == .notFound)
            #expect(try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .notFound)
        }
    }

    /// One invalid change at a time, each with the field the 422 must name.
    static let invalidPayloads: [(String, @Sendable (inout [String: Any]) -> Void, String)] = [
        ("missing name", { $0.removeValue(forKey: "partner_name") }, "partner_name"),
        ("blank name", { $0["partner_name"] = "   " }, "partner_name"),
        ("name over 100", { $0["partner_name"] = String(repeating: "a", count: 101) }, "partner_name"),
        ("negative tenure", { $0["relationship_tenure_months"] = -1 }, "relationship_tenure_months"),
        ("bad cohabitation", { $0["cohabitation_status"] = "married" }, "cohabitation_status"),
        ("4 interests", { $0["interests"] = ["Cooking", "Hiking", "Coffee", "Music"] }, "interests"),
        ("6 interests", { $0["interests"] = ["Cooking", "Hiking", "Coffee", "Music", "Art", "Yoga"] }, "interests"),
        ("unknown interest", { $0["interests"] = ["Cooking", "Hiking", "Coffee", "Music", "Golf"] }, "interests[4]"),
        ("repeated interest", { $0["interests"] = ["Cooking", "Cooking", "Coffee", "Music", "Art"] }, "interests"),
        ("4 dislikes", { $0["dislikes"] = ["Cars", "Gaming", "Sports", "Karaoke"] }, "dislikes"),
        ("like and dislike overlap", { $0["dislikes"] = ["Cars", "Gaming", "Sports", "Karaoke", "Hiking"] }, "dislikes"),
        ("no vibes", { $0["vibes"] = [String]() }, "vibes"),
        ("5 vibes", { $0["vibes"] = ["outdoorsy", "romantic", "vintage", "bohemian", "minimalist"] }, "vibes"),
        ("unknown vibe", { $0["vibes"] = ["fancy"] }, "vibes[0]"),
        ("no birthday", { $0["milestones"] = [["milestone_type": "anniversary", "milestone_name": "A", "milestone_date": "2000-01-01", "recurrence": "yearly"]] }, "milestones"),
        (
            "custom without tier",
            { p in
                var list = p["milestones"] as! [[String: Any]]
                list.append(["milestone_type": "custom", "milestone_name": "Trip", "milestone_date": "2027-01-01", "recurrence": "one_time"])
                p["milestones"] = list
            }, "milestones[5].budget_tier"
        ),
        (
            "bad milestone type",
            { p in
                var list = p["milestones"] as! [[String: Any]]
                list[1]["milestone_type"] = "graduation"
                p["milestones"] = list
            }, "milestones[1].milestone_type"
        ),
        (
            "impossible date",
            { p in
                var list = p["milestones"] as! [[String: Any]]
                list[1]["milestone_date"] = "2001-02-30"
                p["milestones"] = list
            }, "milestones[1].milestone_date"
        ),
        (
            "max below min",
            { p in
                var list = p["budgets"] as! [[String: Any]]
                list[0]["max_amount"] = 1000
                p["budgets"] = list
            }, "budgets[0].max_amount"
        ),
        (
            "negative min",
            { p in
                var list = p["budgets"] as! [[String: Any]]
                list[0]["min_amount"] = -5
                p["budgets"] = list
            }, "budgets[0].min_amount"
        ),
        (
            "bad currency",
            { p in
                var list = p["budgets"] as! [[String: Any]]
                list[0]["currency"] = "dollars"
                p["budgets"] = list
            }, "budgets[0].currency"
        ),
        (
            "missing occasion type",
            { p in
                p["budgets"] = Array((p["budgets"] as! [[String: Any]]).prefix(2))
            }, "budgets"
        ),
        ("same love languages", { $0["love_languages"] = ["primary": "quality_time", "secondary": "quality_time"] }, "love_languages.secondary"),
        ("unknown love language", { $0["love_languages"] = ["primary": "gifts", "secondary": "quality_time"] }, "love_languages.primary"),
        ("wrong type", { $0["partner_name"] = 5 }, "partner_name"),
    ]

    @Test("invalid payloads are 422 naming the offending field", arguments: TestDatabase.allCases)
    func invalidPayloadsAre422(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            for (name, mutate, field) in Self.invalidPayloads {
                var payload = validVaultPayload()
                mutate(&payload)
                let response = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: payload)
                #expect(response.status == .unprocessableContent, "\(name)")
                #expect(response.errorFields.contains(field), "\(name): fields were \(response.errorFields)")
            }
            #expect(try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).status == .notFound, "nothing was stored")
        }
    }

    @Test("one 422 lists every offending field at once")
    func validationListsEveryField() async throws {
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            var payload = validVaultPayload()
            payload["partner_name"] = ""
            payload["vibes"] = ["fancy", "romantic", "vintage", "bohemian", "minimalist"]
            payload["love_languages"] = ["primary": "quality_time", "secondary": "quality_time"]
            payload.removeValue(forKey: "budgets")
            let response = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: payload)
            #expect(response.status == .unprocessableContent)
            #expect(Set(response.errorFields).isSuperset(of: ["partner_name", "vibes[0]", "vibes", "love_languages.secondary", "budgets"]))
        }
    }

    @Test("malformed JSON is 400, an oversize body 413, never 500")
    func malformedAndOversizeBodies() async throws {
        try await withServer(.sqlite, configure: { $0.maxBodyBytes = 4096 }) { client, _ in
            let user = try await client.signIn()
            let malformed = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, body: Data("{\"partner_name\": ".utf8))
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "malformed_json")
            let array = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, body: Data("[1,2]".utf8))
            #expect(array.status == .unprocessableContent)
            let empty = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, body: Data())
            #expect(empty.status == .badRequest)
            var huge = validVaultPayload()
            huge["location_city"] = String(repeating: "x", count: 8000)
            let oversize = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: huge)
            #expect(oversize.status == .contentTooLarge)
            #expect(oversize.errorCode == "payload_too_large")
        }
    }

    @Test("PUT replaces the whole vault, keeping the IDs of milestones sent back", arguments: TestDatabase.allCases)
    func putReplacesVault(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let user = try await client.signIn()
            let created = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).json
            let milestones = created["milestones"] as! [[String: Any]]
            let birthday = milestones.first { $0["milestone_type"] as? String == "birthday" }!
            var payload = validVaultPayload(name: "  Alexandra  ")
            payload["interests"] = ["Travel", "Wine", "Art", "Yoga", "Beach"]
            payload["vibes"] = ["quiet_luxury"]
            payload["love_languages"] = ["primary": "physical_touch", "secondary": "quality_time"]
            var keptBirthday = birthday
            keptBirthday["milestone_name"] = "Birthday (renamed)"
            payload["milestones"] = [keptBirthday, ["milestone_type": "holiday", "milestone_name": "Christmas", "milestone_date": "2000-12-25", "recurrence": "yearly"]]
            let replaced = try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: payload)
            #expect(replaced.status == .ok, "\(replaced.text)")
            let vault = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json
            #expect(vault["vault_id"] as? String == created["vault_id"] as? String, "the vault keeps its id")
            #expect(vault["partner_name"] as? String == "Alexandra", "names are trimmed")
            #expect(Set(vault["interests"] as? [String] ?? []) == ["Travel", "Wine", "Art", "Yoga", "Beach"])
            #expect(vault["vibes"] as? [String] == ["quiet_luxury"])
            #expect(vault["love_languages"] as? [String: String] == ["primary": "physical_touch", "secondary": "quality_time"])
            let newMilestones = vault["milestones"] as? [[String: Any]] ?? []
            #expect(newMilestones.count == 2)
            let renamed = newMilestones.first { $0["milestone_type"] as? String == "birthday" }
            #expect(renamed?["id"] as? String == birthday["id"] as? String, "a milestone sent back with its id keeps it")
            #expect(renamed?["milestone_name"] as? String == "Birthday (renamed)")
            #expect(vault["created_at"] as? String == created["created_at"] as? String)

            var foreign = payload
            foreign["milestones"] = [["id": UUID().uuidString, "milestone_type": "birthday", "milestone_name": "B", "milestone_date": "2000-01-01", "recurrence": "yearly"]]
            let rejected = try await client.send(.put, "/knot/api/v1/vault", token: user.accessToken, json: foreign)
            #expect(rejected.status == .unprocessableContent)
            #expect(rejected.errorFields == ["milestones[0].id"])
        }
    }

    @Test("a replace that fails midway leaves the old vault intact", arguments: TestDatabase.allCases)
    func failedReplaceRollsBack(_ database: TestDatabase) async throws {
        try await withServer(database) { client, server in
            let user = try await client.signIn()
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .created)
            let before = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json
            // The replace fails after the old rows are gone: at its first insert of the new ones.
            let faulty = FaultyDatabase(server.database) { $0.contains("INSERT INTO partner_interests") }
            let repository = VaultRepository(database: faulty, clock: try #require(server.knot).vaults.clock)
            var input = validVaultPayload(name: "Changed")
            input["vibes"] = ["vintage"]
            let content = try VaultRules.check(try JSONDecoder.api.decode(VaultInput.self, from: JSONSerialization.data(withJSONObject: input))).get()
            await #expect(throws: InjectedStatementFailure.self) {
                try await repository.replace(content, for: UserID(UUID(uuidString: user.userID)!))
            }
            let after = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken).json
            #expect(after["partner_name"] as? String == "Alex")
            #expect(after["vibes"] as? [String] == before["vibes"] as? [String])
            #expect((after["interests"] as? [String])?.count == 5)
            #expect((after["milestones"] as? [[String: Any]])?.count == 5)
            #expect(after["updated_at"] as? String == before["updated_at"] as? String)
        }
    }

    @Test("one user's vault is invisible to another", arguments: TestDatabase.allCases)
    func vaultsAreIsolated(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let owner = try await client.signIn()
            let other = try await client.signIn()
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: owner.accessToken, json: validVaultPayload()).status == .created)
            #expect(try await client.send(KnotRoutes.vault, token: other.accessToken).status == .notFound)
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: other.accessToken, json: validVaultPayload(name: "Sam")).status == .created)
            #expect(try await client.send(KnotRoutes.vault, token: owner.accessToken).value?.partnerName == "Alex")
        }
    }
}
