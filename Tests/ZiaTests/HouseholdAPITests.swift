import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing
import ZiaAPI
import ZiaSafety

/// `POST /zia/v1/households/upsert` and `GET /zia/v1/households/by_user/{user_id}` through the
/// HTTP API, on both databases.
@Suite("Zia households", .timeLimit(.minutes(3)))
struct HouseholdAPITests {
    @Test("with nothing stored the caller's household is the defaults; any other user's id is a 404", arguments: TestDatabase.allCases)
    func defaultsAndOwnership(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let fresh = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(fresh.status == .ok, "\(fresh.text)")
            #expect(try fresh.decode(Household.self) == Household(userID: UserID(user.userID)!, profile: .defaults, foodRules: FoodRules()))
            let adults = try #require(fresh.json["adults"] as? [[String: Any]])
            #expect(adults.count == 1 && adults[0]["name"] as? String == "Me" && adults[0]["role"] as? String == "parent" && adults[0]["age"] is NSNull)
            #expect(fresh.json["onboarding_completed"] as? Bool == false && fresh.json["onboarding_version"] as? Int == 0)

            _ = try await client.send(.post, ZiaServer.upsertHousehold, token: other.accessToken, json: ["kidsAges": [5]])
            for probe in [other.userID, UUID().uuidString.lowercased(), "not-a-user"] {
                let response = try await client.send(.get, ZiaServer.household(probe), token: user.accessToken)
                #expect(response.status == .notFound && response.errorCode == "household_not_found", "\(probe): \(response.text)")
            }
            let anonymous = try await client.send(.get, ZiaServer.household(user.userID))
            #expect(anonymous.status == .unauthorized && anonymous.headers[.wwwAuthenticate] != nil)
        }
    }

    @Test("the legacy shape {adults: 2, kidsAges: [4, 7]} is stored normalised, and a body's user_id is ignored", arguments: TestDatabase.allCases)
    func legacyShape(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let other = try await client.signIn(app: "zia")
            let body: [String: Any] = [
                "user_id": other.userID, "adults": 2, "kidsAges": [4, 7], "allergies": ["Peanuts", " peanuts ", "shellfish"], "cuisines": ["italian", "Mexican"],
            ]
            let saved = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: body)
            #expect(saved.status == .ok, "\(saved.text)")
            let expected = HouseholdProfile(
                adults: [HouseholdAdult(name: "Me"), HouseholdAdult(name: "Adult 2")], kids: [HouseholdKid(name: "Child 1", age: 4), HouseholdKid(name: "Child 2", age: 7)],
                allergies: ["Peanuts", "shellfish"], cuisines: ["italian", "Mexican"])
            #expect(try saved.decode(Household.self) == Household(userID: UserID(user.userID)!, profile: expected, foodRules: FoodCheck(household: expected).rules))
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(try read.decode(Household.self).profile == expected)
            let theirs = try await client.send(.get, ZiaServer.household(other.userID), token: other.accessToken)
            #expect(try theirs.decode(Household.self).profile == .defaults, "the body's user_id wrote nothing of theirs")
        }
    }

    @Test("the structured shape is trimmed and defaulted, and the next upsert replaces only the fields it sends", arguments: TestDatabase.allCases)
    func structuredShape(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let body: [String: Any] = [
                "adults": [["name": " Dana ", "age": 38, "role": "guardian"], ["role": NSNull()]],
                "kids": [["name": "Mia", "age": 0, "dietary_restrictions": ["Dairy", "dairy"]], ["age": 17]],
                "bedtime_preferences": ["bedtime": "19:30", "wake_time": "06:45", "wind_down_minutes": 30, "notes": "  bath first "],
                "onboarding_completed": true, "onboarding_version": 2,
            ]
            let saved = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: body)
            #expect(saved.status == .ok, "\(saved.text)")
            let profile = try saved.decode(Household.self).profile
            #expect(profile.adults == [HouseholdAdult(name: "Dana", age: 38, role: .guardian), HouseholdAdult(name: "Adult 2")])
            #expect(profile.kids == [HouseholdKid(name: "Mia", age: 0, dietaryRestrictions: ["Dairy"]), HouseholdKid(name: "Child 2", age: 17)])
            #expect(profile.bedtimePreferences == BedtimePreferences(bedtime: "19:30", wakeTime: "06:45", windDownMinutes: 30, notes: "bath first"))
            #expect(profile.onboardingCompleted && profile.onboardingVersion == 2)

            // Repeats are dropped before the 50 are counted: 50 different entries and their repeats are 50.
            let repeated = try await client.send(
                .post, ZiaServer.upsertHousehold, token: user.accessToken,
                json: ["allergies": Array(repeating: "nuts", count: 51), "cuisines": (0..<50).map { "cuisine \($0)" } + ["CUISINE 0"]])
            #expect(repeated.status == .ok, "\(repeated.text)")
            #expect(try repeated.decode(Household.self).profile.allergies == ["nuts"])
            #expect(try repeated.decode(Household.self).profile.cuisines.count == 50)

            let emptied = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["adults": [] as [Any], "cuisines": ["thai"]])
            var expected = try repeated.decode(Household.self).profile
            expected.adults = [.me]
            expected.cuisines = ["thai"]
            #expect(try emptied.decode(Household.self).profile == expected, "the fields sent replace theirs (no adults is the one adult Me); the others keep theirs")
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(try read.decode(Household.self).profile == expected)
        }
    }

    @Test("a bad profile is a 422 naming each offending field by its JSON path, and nothing is stored", arguments: TestDatabase.allCases)
    func refusals(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let long = String(repeating: "x", count: 101)
            let cases: [([String: Any], [String])] = [
                (["kids": [["name": "A", "age": 18], ["name": "B"]]], ["kids[0].age", "kids[1].age"]),
                (["kids": [["age": -1]]], ["kids[0].age"]),
                (
                    ["kids": [["age": 3, "name": long, "dietary_restrictions": ["ok", long, " "]]]],
                    ["kids[0].name", "kids[0].dietary_restrictions[1]", "kids[0].dietary_restrictions[2]"]
                ),
                (["kids": Array(repeating: ["age": 3], count: 21)], ["kids"]),
                (["adults": 21], ["adults"]),
                (["adults": -1], ["adults"]),
                (["adults": "two"], ["adults"]),
                (["adults": 2.5], ["adults"]),
                (["adults": "2"], ["adults"]),
                (["adults": true], ["adults"]),
                (["adults": [["role": "boss", "age": 12]]], ["adults[0].age", "adults[0].role"]),
                (["adults": Array(repeating: ["name": "A"], count: 21)], ["adults"]),
                (["kidsAges": [4, 18]], ["kidsAges[1]"]),
                (["kidsAges": [4], "kids": [["age": 4]]], ["kidsAges"]),
                (["allergies": (0...50).map { "allergy \($0)" }], ["allergies"]),
                (["kids": [["age": 3, "dietary_restrictions": (0...50).map { "diet \($0)" }]]], ["kids[0].dietary_restrictions"]),
                (["allergies": ["", "nuts"], "cuisines": [long]], ["allergies[0]", "cuisines[0]"]),
                (["allergies": ["nuts", NSNull()]], ["allergies[1]"]),
                (
                    ["bedtime_preferences": ["bedtime": "7pm", "wake_time": "24:00", "wind_down_minutes": 241, "notes": String(repeating: "n", count: 501)]],
                    ["bedtime_preferences.bedtime", "bedtime_preferences.wake_time", "bedtime_preferences.wind_down_minutes", "bedtime_preferences.notes"]
                ),
                (["bedtime_preferences": ["bedtime": " 19:30"]], ["bedtime_preferences.bedtime"]),
                (["onboarding_version": 1001], ["onboarding_version"]),
                (["onboarding_completed": "yes"], ["onboarding_completed"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.status) \(response.text)")
                #expect(Set(response.errorFields) == Set(fields), "\(body): \(response.text)")
                if fields == ["adults"], !(body["adults"] is [Any]) {
                    #expect(response.text.contains(HouseholdProfile.Input.Adults.requirement), "\(body): says what adults may be: \(response.text)")
                }
            }
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(try read.decode(Household.self).profile == .defaults)
            let array = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: [1, 2])
            #expect(array.status == .unprocessableContent && array.errorFields == ["body"])
        }
    }

    @Test("emoji and combining marks at the limits are counted as people see them: stored at 100, refused at 101", arguments: TestDatabase.allCases)
    func charactersAtTheLimits(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let family = "👨‍👩‍👧‍👦"
            // 32 code points: the most one character may hold.
            let accented = "e" + String(repeating: "\u{301}", count: 31)
            let atLimit: [String: Any] = [
                "adults": [["name": String(repeating: family, count: 100)]],
                "kids": [["name": String(repeating: "e\u{301}", count: 100), "age": 2, "dietary_restrictions": [accented, String(repeating: "🥜", count: 100)]]],
                "allergies": ["🦐" + String(repeating: "\u{1F3FD}", count: 1), String(repeating: "👍🏽", count: 100)],
            ]
            let saved = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: atLimit)
            #expect(saved.status == .ok, "\(saved.text.prefix(300))")
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken).decode(Household.self).profile
            #expect(read.adults[0].name == String(repeating: family, count: 100))
            #expect(read.kids[0].dietaryRestrictions == [accented, String(repeating: "🥜", count: 100)])

            let over: [String: Any] = [
                "adults": [["name": String(repeating: family, count: 101)]],
                "kids": [["name": String(repeating: "e\u{301}", count: 101), "age": 2]],
                "allergies": [String(repeating: "👍🏽", count: 101)],
            ]
            let refused = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: over)
            #expect(refused.status == .unprocessableContent)
            #expect(Set(refused.errorFields) == ["adults[0].name", "kids[0].name", "allergies[0]"])
            let heavy = try await client.send(
                .post, ZiaServer.upsertHousehold, token: user.accessToken,
                json: ["adults": [["name": "e" + String(repeating: "\u{301}", count: 50_000)]], "allergies": [accented + "\u{301}"]])
            #expect(heavy.status == .unprocessableContent)
            #expect(Set(heavy.errorFields) == ["adults[0].name", "allergies[0]"], "\(heavy.text.prefix(300))")
            let name = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["display_name": String(repeating: family, count: 100)])
            #expect(name.status == .ok)
        }
    }
}

/// The contract's household rules and the allergy-safety helper, as pure functions.
@Suite("Zia household rules")
struct HouseholdRuleTests {
    @Test("allergies for safety: the household's allergies and every kid's dietary restrictions, once each ignoring case")
    func safetyAllergies() {
        let profile = HouseholdProfile(
            kids: [HouseholdKid(name: "A", age: 4, dietaryRestrictions: ["peanuts", "Gluten"]), HouseholdKid(name: "B", age: 7, dietaryRestrictions: ["gluten", "Sesame"])],
            allergies: ["Peanuts", "Milk"])
        #expect(profile.safetyAllergies == ["Peanuts", "Milk", "Gluten", "Sesame"])
        #expect(HouseholdProfile.defaults.safetyAllergies.isEmpty)
        #expect(HouseholdProfile(kids: [HouseholdKid(name: "A", age: 1, dietaryRestrictions: ["egg"])]).safetyAllergies == ["egg"], "a kid's alone count")
    }

    @Test("a profile the server answers goes back through the same check unchanged; nothing sent is the defaults")
    func roundTrip() {
        let profile = HouseholdProfile(
            adults: [HouseholdAdult(name: "Me", age: 40), HouseholdAdult(name: "Sam", role: .grandparent)],
            kids: [HouseholdKid(name: "Mia", age: 3, dietaryRestrictions: ["dairy"])],
            allergies: ["egg"], cuisines: ["thai"], bedtimePreferences: BedtimePreferences(bedtime: "20:00", windDownMinutes: 20), onboardingCompleted: true, onboardingVersion: 1)
        #expect(HouseholdProfile.check(profile.input) == .valid(profile))
        #expect(HouseholdProfile.check(.init()) == .valid(.defaults))
        #expect(HouseholdProfile.check(.init(adults: .count(0))) == .valid(.defaults))
    }

    @Test("clock times are exactly HH:MM on a 24-hour clock")
    func clockTimes() {
        for good in ["00:00", "07:05", "23:59"] { #expect(ZiaRules.isClockTime(good), "\(good)") }
        for bad in ["24:00", "7:05", "07:60", "0705", "07:05:00", "", "٠٧:٠٥"] { #expect(!ZiaRules.isClockTime(bad), "\(bad)") }
    }
}
