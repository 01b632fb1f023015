import Foundation
import TestSupport
import Testing
import ZiaAPI
import ZiaAssistant

/// Breakfast to snacks, and one meal or a week, through the HTTP API on both databases: each meal
/// request is answered as asked, with recipes for that meal only.
@Suite("Zia meal types", .timeLimit(.minutes(5)))
struct MealTypesAPITests {
    static let requests: [(goal: String, meal: MealType, days: Int)] = [
        ("Plan a week of kid-friendly dinners", .dinner, 7), ("Breakfast ideas for the week", .breakfast, 7), ("Quick weeknight dinners", .dinner, 5),
        ("Lunches for the week", .lunch, 7), ("Something for dinner tonight", .dinner, 1), ("A breakfast recipe with eggs", .breakfast, 1),
        ("Weekend brunch ideas", .breakfast, 2), ("3 lunches for the kids", .lunch, 3), ("A snack for after school", .snack, 1),
        ("Snack ideas for the week", .snack, 7), ("Five dinners, please", .dinner, 5), ("Italian pasta night ideas for the family", .dinner, 7),
    ]

    @Test("a goal names its meal and how many days", arguments: requests.indices)
    func reads(_ index: Int) {
        let (goal, meal, days) = Self.requests[index]
        #expect(MealRequest.read(goal) == MealRequest(meal: meal, days: days), "\(goal)")
    }

    @Test("every meal type is answered as asked: that many lines under the right labels, recipes for that meal only", arguments: TestDatabase.allCases)
    func answeredAsAsked(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await ZiaServer.signIn(client, household: ZiaServer.familyOfFour)
            for (goal, meal, days) in Self.requests {
                let answer = try await ZiaServer.ask(client, user.accessToken, goal, mode: "meals")
                let final = try #require(answer.final, "\(goal): \(answer.types)")
                let request = MealRequest(meal: meal, days: days)
                let recipes = final.recipes ?? []
                #expect(recipes.count == days && recipes.allSatisfy(request.serves), "\(goal): \(recipes.map(\.title))")
                let lines = final.text.split(separator: "\n").filter { line in request.labels.contains { line.hasPrefix($0 + ": ") } }
                #expect(lines.count == days, "\(goal):\n\(final.text)")
                #expect(lines.first?.hasPrefix(request.labels[0] + ": ") == true, "\(goal): \(lines)")
                if meal != .dinner { #expect(!recipes.contains { $0.tags.contains("dinner") }, "\(goal)") }
            }
        }
    }
}
