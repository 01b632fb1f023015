import Foundation
import HTTPTypes
import PlatformCore
import TestSupport
import Testing
import ZiaAPI

/// Household edits that cannot erase in silence, through the HTTP API on both databases: a field
/// left out keeps its stored value, an empty list clears it, a kid sent without restrictions keeps
/// them; `PATCH` with `If-Match` applies onto the version named only, so two parents editing at
/// once get a 412 rather than a lost update.
@Suite("Zia household edits", .timeLimit(.minutes(3)))
struct HouseholdEditsAPITests {
    static let full: [String: any Sendable] = [
        "allergies": ["peanuts", "sesame"], "cuisines": ["italian"],
        "kids": [["name": "Mia", "age": 4, "dietary_restrictions": ["dairy"]] as [String: any Sendable], ["name": "Leo", "age": 8] as [String: any Sendable]],
        "bedtime_preferences": ["bedtime": "19:30"], "onboarding_completed": true, "onboarding_version": 2,
    ]

    @Test("a field left out keeps its stored value, an empty list clears it, a kid sent without restrictions keeps them", arguments: TestDatabase.allCases)
    func leftOutKeeps(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            #expect(try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: Self.full).status == .ok)
            let cuisinesOnly = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["cuisines": ["thai"]])
            let kept = try cuisinesOnly.decode(Household.self).profile
            #expect(kept.allergies == ["peanuts", "sesame"] && kept.cuisines == ["thai"])
            #expect(kept.kids.map(\.dietaryRestrictions) == [["dairy"], []] && kept.onboardingCompleted && kept.onboardingVersion == 2)
            #expect(kept.bedtimePreferences.bedtime == "19:30")

            // A client that edits Mia's age and leaves out her restrictions keeps them.
            let older = try await client.send(
                .post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["kids": [["name": "Mia", "age": 5], ["name": "Leo", "age": 8]]])
            #expect(try older.decode(Household.self).profile.kids == [HouseholdKid(name: "Mia", age: 5, dietaryRestrictions: ["dairy"]), HouseholdKid(name: "Leo", age: 8)])

            let cleared = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["allergies": [] as [String]])
            #expect(try cleared.decode(Household.self).profile.allergies.isEmpty, "an explicit empty list clears")
            let nulls = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["cuisines": NSNull(), "onboarding_completed": NSNull()])
            let afterNulls = try nulls.decode(Household.self).profile
            #expect(afterNulls.cuisines == ["thai"] && afterNulls.onboardingCompleted, "null is left out")
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(try read.decode(Household.self).profile == afterNulls)
        }
    }

    @Test("GET and every save answer the version as ETag; PATCH with a stale If-Match is a 412 that changes nothing", arguments: TestDatabase.allCases)
    func patchWithIfMatch(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let path = ZiaServer.household(user.userID)
            let fresh = try await client.send(.get, path, token: user.accessToken)
            #expect(fresh.status == .ok && fresh.headers[.eTag] == nil, "the defaults have no version")
            let neverStored = try await client.send(
                .patch, path, token: user.accessToken, body: Data(#"{"cuisines": ["thai"]}"#.utf8),
                headers: [.ifMatch: #""2020-01-01T00:00:00.000Z""#, .contentType: "application/json"])
            #expect(neverStored.status == .preconditionFailed && neverStored.errorCode == "precondition_failed", "\(neverStored.text)")

            let saved = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: Self.full)
            let tag = try #require(saved.headers[.eTag])
            let read = try await client.send(.get, path, token: user.accessToken)
            #expect(read.headers[.eTag] == tag)

            func patch(_ json: String, ifMatch: String?) async throws -> APIResponse {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let ifMatch { headers[.ifMatch] = ifMatch }
                return try await client.send(.patch, path, token: user.accessToken, body: Data(json.utf8), headers: headers)
            }
            let first = try await patch(#"{"cuisines": ["mexican"]}"#, ifMatch: tag)
            #expect(first.status == .ok, "\(first.text)")
            let newTag = try #require(first.headers[.eTag])
            #expect(newTag != tag)
            let stale = try await patch(#"{"allergies": []}"#, ifMatch: tag)
            #expect(stale.status == .preconditionFailed, "\(stale.text)")
            let now = try await client.send(.get, path, token: user.accessToken).decode(Household.self).profile
            #expect(now.allergies == ["peanuts", "sesame"] && now.cuisines == ["mexican"], "the stale PATCH changed nothing")
            #expect(try await patch(#"{"allergies": ["kiwi"]}"#, ifMatch: nil).status == .ok, "without If-Match a PATCH applies onto what is stored")
            #expect(try await patch(#"{"kids": [{"age": 30}]}"#, ifMatch: newTag).status == .unprocessableContent, "a bad body is a 422 before any 412")

            let other = try await client.signIn(app: "zia")
            let theirs = try await client.send(
                .patch, ZiaServer.household(other.userID), token: user.accessToken, body: Data("{}".utf8), headers: [.contentType: "application/json"])
            #expect(theirs.status == .notFound && theirs.errorCode == "household_not_found")
        }
    }

    @Test("two parents editing different fields from the same version at once: one lands, the other gets a 412, and after reloading both land", arguments: TestDatabase.allCases)
    func twoParentsAtOnce(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let path = ZiaServer.household(user.userID)
            let tag = try #require(try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: Self.full).headers[.eTag])
            let bodies = [#"{"cuisines": ["thai"]}"#, #"{"allergies": ["peanuts", "sesame", "kiwi"]}"#]
            let statuses = try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
                for (index, body) in bodies.enumerated() {
                    group.addTask {
                        let response = try await client.send(
                            .patch, path, token: user.accessToken, body: Data(body.utf8), headers: [.contentType: "application/json", .ifMatch: tag])
                        return (index, response.status)
                    }
                }
                return try await group.reduce(into: [Int: HTTPResponse.Status]()) { $0[$1.0] = $1.1 }
            }
            #expect(Set(statuses.values) == [.ok, .preconditionFailed], "\(statuses)")
            let loser = try #require(statuses.first { $0.value == .preconditionFailed }?.key)
            let reloaded = try await client.send(.get, path, token: user.accessToken)
            let retried = try await client.send(
                .patch, path, token: user.accessToken, body: Data(bodies[loser].utf8), headers: [.contentType: "application/json", .ifMatch: try #require(reloaded.headers[.eTag])])
            #expect(retried.status == .ok)
            let final = try retried.decode(Household.self).profile
            #expect(final.cuisines == ["thai"] && final.allergies == ["peanuts", "sesame", "kiwi"], "both parents' edits are kept")
        }
    }
}
