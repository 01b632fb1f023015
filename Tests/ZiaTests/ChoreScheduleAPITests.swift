import Foundation
import TestSupport
import Testing
import ZiaAPI

/// `POST /zia/v1/chores/schedule` through the HTTP API on both databases: weekdays as seven flags or
/// as names give the same dates; what is wrong is a 422 naming the field.
@Suite("Zia chore schedule API", .timeLimit(.minutes(3)))
struct ChoreScheduleAPITests {
    static var path: String { ZiaRoutes.scheduleChores.endpoint.path }

    @Test("flags and names schedule the same dates; a bad body is a 422 naming each field", arguments: TestDatabase.allCases)
    func schedule(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let flags = try await client.send(
                .post, Self.path, token: user.accessToken,
                json: ["name": "  Bins ", "start_date": "2028-02-27", "weekdays": [false, true, true, false, false, false, true], "days": 5])
            #expect(flags.status == .ok, "\(flags.text)")
            let occurrences = try flags.decode([ChoreOccurrence].self)
            #expect(occurrences.map(\.date.description) == ["2028-02-27", "2028-02-29", "2028-03-01"] && occurrences.allSatisfy { $0.name == "Bins" })
            let names = try await client.send(
                .post, Self.path, token: user.accessToken, json: ["name": "Bins", "start_date": "2028-02-27", "weekdays": ["wednesday", "sunday", "tuesday", "sunday"], "days": 5])
            #expect(try names.decode([ChoreOccurrence].self) == occurrences)
            let none = try await client.send(.post, Self.path, token: user.accessToken, json: ["name": "Bins", "start_date": "2028-02-27", "weekdays": [], "days": 366])
            #expect(none.status == .ok && none.text == "[]", "\(none.text)")

            let good: [String: Any] = ["name": "Bins", "start_date": "2026-03-01", "weekdays": ["monday"], "days": 7]
            let cases: [([String: Any], [String])] = [
                ([:], ["days", "name", "start_date", "weekdays"]),
                (good.merging(["name": "   "]) { $1 }, ["name"]),
                (good.merging(["start_date": "2026-02-30"]) { $1 }, ["start_date"]),
                (good.merging(["start_date": "2026-3-1"]) { $1 }, ["start_date"]),
                (good.merging(["weekdays": [true, false]]) { $1 }, ["weekdays"]),
                (good.merging(["weekdays": ["Monday"]]) { $1 }, ["weekdays"]),
                (good.merging(["weekdays": [true, "monday"]]) { $1 }, ["weekdays"]),
                (good.merging(["weekdays": "monday"]) { $1 }, ["weekdays"]),
                (good.merging(["days": 0]) { $1 }, ["days"]),
                (good.merging(["days": 367]) { $1 }, ["days"]),
            ]
            for (body, fields) in cases {
                let response = try await client.send(.post, Self.path, token: user.accessToken, json: body)
                #expect(response.status == .unprocessableContent && response.errorFields.sorted() == fields, "\(body): \(response.text)")
            }
        }
    }
}
