import AIProviders
import AppServer
import Foundation
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant
import ZiaCorpus

/// Plans that fit the family, through the HTTP API on both databases: quantities scaled to who
/// eats (the grocery list follows), and a baby shares real dinners with a note a day on adapting
/// them — no week of purées unless asked.
@Suite("Zia plans that fit the family", .timeLimit(.minutes(5)))
struct MealPlanFitAPITests {
    static func plan(_ client: TestClient, _ token: String, household: [String: any Sendable], goal: String) async throws -> AssistFinal {
        let stored = try await client.send(.post, ZiaServer.upsertHousehold, token: token, json: household)
        #expect(stored.status == .ok, "\(stored.text)")
        let answer = try await ZiaServer.ask(client, token, goal, mode: "meals")
        return try #require(answer.final, "\(answer.types)")
    }

    @Test("a recipe's quantities and the grocery list follow who eats: one adult, six adults, a couple with a toddler", arguments: TestDatabase.allCases)
    func servingsScale(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let one = try await Self.plan(client, user.accessToken, household: ["adults": 1, "cuisines": ["italian"], "kids": [] as [String]], goal: "Plan a week of dinners")
            let six = try await Self.plan(client, user.accessToken, household: ["adults": 6, "cuisines": ["italian"], "kids": [] as [String]], goal: "Plan a week of dinners")
            #expect(one.recipes?.map(\.id) == six.recipes?.map(\.id), "the same week, cooked for fewer or more")
            let corpus = Dictionary(uniqueKeysWithValues: RecipeCorpus.shipped.map { ($0.id, $0) })
            for (final, portions) in [(one, 1.0), (six, 6.0)] {
                for recipe in final.recipes ?? [] {
                    let original = try #require(corpus[recipe.id])
                    #expect(recipe.servings == Int(portions))
                    for (scaled, base) in zip(recipe.ingredients, original.ingredients) {
                        #expect(scaled.quantity == Servings.round(base.quantity * portions / Double(original.servings), unit: base.unit), "\(recipe.id): \(scaled.name)")
                    }
                }
            }
            let small = Dictionary((one.grocery?.aisles.values.flatMap { $0 } ?? []).map { ($0.name, $0) }) { first, _ in first }
            let large = Dictionary((six.grocery?.aisles.values.flatMap { $0 } ?? []).map { ($0.name, $0) }) { first, _ in first }
            var compared = 0
            for (name, item) in large {
                guard let few = small[name], let many = item.quantity, let less = few.quantity, item.unit == few.unit else { continue }
                #expect(many > less, "\(name): \(less) for one, \(many) for six")
                compared += 1
            }
            #expect(compared >= 10, "the lists share their items")
            #expect(Servings.portions(of: HouseholdProfile(adults: [.me, HouseholdAdult(name: "B")], kids: [HouseholdKid(name: "T", age: 2)])) == 2.4)
        }
    }

    @Test("a baby shares the family's real dinners, with a note a day on adapting them; purées only when asked", arguments: TestDatabase.allCases)
    func babyShares(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            let household: [String: any Sendable] = [
                "adults": 2, "kids": [["name": "Ada", "age": 0] as [String: any Sendable], ["name": "Sam", "age": 6] as [String: any Sendable]],
            ]
            let final = try await Self.plan(client, user.accessToken, household: household, goal: "Plan a week of dinners")
            let recipes = final.recipes ?? []
            #expect(recipes.count == 7 && recipes.allSatisfy { !$0.tags.contains("puree") }, "\(recipes.map(\.title))")
            let notes = final.portionNotes ?? []
            #expect(notes.map(\.day) == WeekPlanner.days && notes.allSatisfy { $0.kid == "Ada" && $0.age == 0 }, "\(notes)")
            for note in notes {
                #expect(note.note.contains("smooth") && note.note.contains("no honey"), "\(note.note)")
            }
            #expect(final.text.contains("For Ada (under 1), each meal adapted:"), "\(final.text)")
            #expect(final.planText?.contains("For Ada") == false, "the plan's own text stays the seven days")

            let purees = try await Self.plan(client, user.accessToken, household: household, goal: "Purée ideas for the baby this week")
            #expect((purees.recipes ?? []).contains { $0.tags.contains("puree") }, "asked for, purées are planned: \(purees.recipes?.map(\.title) ?? [])")
        }
    }

    @Test("the baby's note follows the recipe: set aside before the salty or hot, small round foods cut up")
    func notesFollowTheRecipe() {
        let corpus = Dictionary(uniqueKeysWithValues: RecipeCorpus.shipped.map { ($0.id, $0) })
        let bolognese = try? #require(corpus["spaghetti-bolognese"])
        let ada = HouseholdKid(name: "Ada", age: 1)
        if let bolognese {
            let note = BabyPortions.note(bolognese, for: ada)
            #expect(note.contains("before adding the parmesan") && note.contains("small soft pieces") && !note.contains("honey"), "\(note)")
        }
        let tomatoes = Recipe(
            id: "t", title: "T", cuisine: "any",
            ingredients: [
                RecipeIngredient(name: "cherry tomatoes", quantity: 200, unit: "g", aisle: .produce),
                RecipeIngredient(name: "chili flakes", quantity: 1, unit: "tsp", aisle: .spices),
            ],
            allergens: [], tags: [], kidFriendly: true, prepMinutes: 10, steps: [])
        let note = BabyPortions.note(tomatoes, for: HouseholdKid(name: "Bo", age: 0))
        #expect(note.contains("before adding the chili") && note.contains("quarter the cherry tomatoes") && note.contains("no honey before 12 months"), "\(note)")
    }
}
