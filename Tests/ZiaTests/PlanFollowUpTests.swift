import AIProviders
import Foundation
import PlatformAPI
import TestSupport
import Testing
import ZiaAPI
import ZiaAssistant
import ZiaCorpus
import ZiaSafety

/// Follow-ups to a plan, offline: "make it vegetarian", "no fish on Friday" and "swap Monday" change
/// the conversation's last plan (the days that still fit stay on their days) rather than planning
/// from nothing; a new plan, a question or another agent's goal is not a follow-up. Read as a
/// goal (``PlanFollowUp``), run by the engine, and through the HTTP API on both databases.
@Suite("Zia plan follow-ups", .timeLimit(.minutes(5)))
struct PlanFollowUpTests {
    static let plan = """
        Here's a week of family dinners from recipes that fit your household:
        Monday: Lemon Chicken Orzo
        Tuesday: Veggie Curry
        Wednesday: Beef Tacos
        Thursday: Baked Salmon
        Friday: Fish Tacos
        Saturday: Margherita Pizza
        Sunday: Roast Chicken
        Cook together and enjoy your week!
        """
    static let history = [ChatMessage(.user, "Plan a week of kid-friendly dinners"), ChatMessage(.assistant, plan)]

    struct Reading: Sendable, CustomStringConvertible {
        let goal: String
        /// nil: not a follow-up.
        let expected: (swapped: Set<Int>, dayRules: [Int: [String]], planRules: [String])?
        var description: String { goal }
    }

    static let readings: [Reading] = [
        Reading(goal: "make it vegetarian", expected: ([], [:], ["vegetarian"])),
        Reading(goal: "Can you make them vegan instead?", expected: ([], [:], ["vegan"])),
        Reading(goal: "vegetarian please", expected: ([], [:], ["vegetarian"])),
        Reading(goal: "no fish on Friday", expected: ([], [4: ["no fish"]], [])),
        Reading(goal: "No pork on Monday and no fish on Fri", expected: ([], [0: ["no pork"], 4: ["no fish"]], [])),
        Reading(goal: "swap Monday", expected: ([0], [:], [])),
        Reading(goal: "Something else instead of Wednesday's tacos", expected: ([2], [:], [])),
        Reading(goal: "swap the salmon", expected: ([3], [:], [])),
        Reading(goal: "change Tuesday and Sunday", expected: ([1, 6], [:], [])),
        Reading(goal: "Keep Monday, swap Tuesday", expected: ([1], [:], [])),
        Reading(goal: "make it gluten-free and swap Monday", expected: ([0], [:], ["gluten free"])),
        Reading(goal: "Swap Tuesday since my daughter is allergic to eggs", expected: ([1], [:], ["eggs"])),
        Reading(goal: "swap Monday for something vegetarian", expected: ([0], [0: ["vegetarian"]], [])),
        Reading(goal: "I don't like Monday's dinner", expected: ([0], [:], [])),
        Reading(goal: "The kids sat down happily, swap Tuesday", expected: ([1], [:], [])),
        Reading(goal: "No fish on Friday because my son is allergic to eggs", expected: ([], [4: ["no fish"]], ["eggs"])),
        Reading(goal: "We can't have meat on Friday", expected: ([], [4: ["meat"]], [])),
        Reading(goal: "Plan a new week of dinners", expected: nil),
        Reading(goal: "My son hates broccoli, how do I get him to try it?", expected: nil),
        Reading(goal: "Tips for when she hates Mondays", expected: nil),
        Reading(goal: "Why did you change Monday?", expected: nil),
        Reading(goal: "Plan a bedtime routine for Friday", expected: nil),
        Reading(goal: "No TV on Sunday", expected: nil),
        Reading(goal: "Is pizza vegetarian?", expected: nil),
        Reading(goal: "What is halal?", expected: nil),
        Reading(goal: "Breakfast ideas for the kids", expected: nil),
        Reading(goal: "What goes well with Monday's dinner?", expected: nil),
        Reading(goal: "How do I get my toddler to sleep?", expected: nil),
        Reading(goal: "Thanks!", expected: nil),
    ]

    @Test("a goal reads as a change to the last plan, or as no follow-up", arguments: readings)
    func reads(_ reading: Reading) {
        let followUp = PlanFollowUp.read(reading.goal, history: Self.history)
        guard let expected = reading.expected else {
            #expect(followUp == nil, "\(reading.goal): \(String(describing: followUp))")
            return
        }
        let found = try? #require(followUp, "\(reading.goal)")
        #expect(found?.previous.count == 7)
        #expect(found?.swapped == expected.swapped, "\(reading.goal)")
        #expect(found?.dayRules == expected.dayRules, "\(reading.goal)")
        #expect(found?.planRules == expected.planRules, "\(reading.goal)")
    }

    @Test("no plan in the history, another agent's mode, or a routine's answer: no follow-up")
    func notAfterOtherAnswers() {
        #expect(PlanFollowUp.read("swap Monday", history: []) == nil)
        let tonight = [ChatMessage(.assistant, "Here's a dinner from recipes that fit your household:\nToday: Veggie Curry\nEnjoy!")]
        #expect(PlanFollowUp.read("something else please", history: tonight)?.swapped == [0], "after one meal, 'something else' is that meal")
        // A week, then one meal for tonight: "swap Tuesday" is the week's Tuesday.
        let both = Self.history + [ChatMessage(.user, "dinner for tonight"), tonight[0]]
        let tuesday = PlanFollowUp.read("swap Tuesday", history: both)
        #expect(tuesday?.previous.count == 7 && tuesday?.swapped == [1], "\(String(describing: tuesday))")
        #expect(PlanFollowUp.read("swap Tuesday", history: tonight) == nil, "one meal has no Tuesday")
        #expect(PlanFollowUp.wholePlanRules(of: "No fish on Friday because my son is allergic to eggs") == ["eggs"])
        let routine = [ChatMessage(.assistant, "Here's a bedtime routine, 45 minutes in all:\n19:00 — Bath (10 min)\nMonday — Dishes: Sam, 15 min")]
        #expect(PlanFollowUp.read("swap Monday", history: routine) == nil)
        #expect(Assistant.read("swap Monday", mode: .routines, history: Self.history).followUp == nil)
        #expect(Assistant.read("Change the bedtime routine on Friday", mode: nil, history: Self.history).followUp == nil)
        #expect(Assistant.read("How do I change my toddler's nap schedule?", mode: nil, history: tonight).followUp == nil)
        let reading = Assistant.read("no fish on Friday", mode: nil, history: Self.history)
        #expect(reading.intent == .mealPlanning && reading.stated.isEmpty, "a rule for one day is not the run's, nor offered to the household")
        #expect(Assistant.read("make it vegetarian", mode: nil, history: Self.history).stated == ["vegetarian"])
    }

    static func assistant() -> Assistant {
        let router = ModelRouter(chains: [:], offline: Assistant.offlineModels, recorder: AssistantRecorder(), sleep: { _ in })
        return Assistant(router: router, recipes: LexicalRecipeRetriever(recipes: RecipeCorpus.shipped), knowledge: LexicalKnowledgeRetriever(articles: KnowledgeBase.shipped))
    }

    /// Dinners of the corpus for a 6-year-old: `count` passing `check` (and failing `unless` when given).
    static func dinners(_ count: Int, passing check: FoodCheck, failing unless: FoodCheck? = nil, skipping: Set<String> = []) -> [Recipe] {
        Array(
            RecipeCorpus.shipped.filter { recipe in
                MealRequest().serves(recipe) && !recipe.tags.contains("puree") && recipe.minAge <= 6 && check.isSafe(recipe) && !skipping.contains(recipe.id)
                    && (unless.map { !$0.isSafe(recipe) } ?? true)
            }.prefix(count))
    }

    static func planText(_ recipes: [Recipe]) -> String {
        (["Here's a week of family dinners from recipes that fit your household:"] + recipes.enumerated().map { WeekPlanner.line(day: $0.offset, title: $0.element.title) })
            .joined(separator: "\n")
    }

    static func run(_ goal: String, after recipes: [Recipe]) async throws -> AssistFinal {
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Sam", age: 6)])
        let input = AssistInput(
            userID: UserID(UUID()), goal: goal, household: household, history: [ChatMessage(.user, "Plan a week of dinners"), ChatMessage(.assistant, planText(recipes))])
        let run = try await assistant().run(input) { _ in }
        guard case .final(let final) = run.outcome else { throw TestFailure("\(goal): \(run.outcome)") }
        return final
    }

    @Test("'no fish on Friday' changes Friday's fish and keeps the six other days; the rule is not offered to the household")
    func noFishOnFriday() async throws {
        let none = FoodCheck(restrictions: [], kidAges: [6])
        let noFish = FoodCheck(restrictions: ["no fish"], kidAges: [6])
        let fish = try #require(Self.dinners(1, passing: none, failing: noFish).first)
        var week = Self.dinners(6, passing: noFish, skipping: [fish.id])
        week.insert(fish, at: 4)
        let final = try await Self.run("no fish on Friday", after: week)
        let planned = final.recipes ?? []
        #expect(planned.count == 7, "\(final.text)")
        let lines = PlanFollowUp.lines(of: final.planText ?? "")
        try #require(lines.map(\.label) == WeekPlanner.days, "\(final.text)")
        for index in [0, 1, 2, 3, 5, 6] { #expect(lines[index].title == week[index].title, "\(lines[index].label) kept: \(final.text)") }
        let friday = try #require(planned.first { $0.title == lines[4].title })
        #expect(friday.id != fish.id && noFish.isSafe(friday), "\(friday.title)")
        #expect(final.text.contains("I changed Friday (no fish)"), "\(final.text)")
        #expect(final.suggestedRules == nil)
    }

    @Test("'make it vegetarian' keeps the vegetarian days where they were and replaces the others; 'vegetarian' is offered to the household")
    func makeItVegetarian() async throws {
        let none = FoodCheck(restrictions: [], kidAges: [6])
        let vegetarian = FoodCheck(restrictions: ["vegetarian"], kidAges: [6])
        let meat = Self.dinners(4, passing: none, failing: vegetarian)
        let veg = Self.dinners(3, passing: vegetarian)
        let week = [meat[0], veg[0], meat[1], veg[1], meat[2], veg[2], meat[3]]
        let final = try await Self.run("make it vegetarian", after: week)
        let lines = PlanFollowUp.lines(of: final.planText ?? "")
        try #require(lines.count == 7, "\(final.text)")
        for index in [1, 3, 5] { #expect(lines[index].title == week[index].title, "\(lines[index].label) kept") }
        for index in [0, 2, 4, 6] { #expect(lines[index].title != week[index].title, "\(lines[index].label) changed") }
        for recipe in final.recipes ?? [] { #expect(vegetarian.isSafe(recipe), "\(recipe.title): \(vegetarian.violations(in: recipe))") }
        #expect(Set((final.recipes ?? []).map(\.id)).count == 7, "no dish twice")
        #expect(final.suggestedRules == ["vegetarian"])
    }

    @Test("a rule an earlier goal stated holds for a follow-up and is not offered again; an allergy named with a swap holds for every day")
    func earlierRulesHold() async throws {
        let none = FoodCheck(restrictions: [], kidAges: [6])
        let sesame = FoodCheck(restrictions: ["sesame"], kidAges: [6])
        let eggs = FoodCheck(restrictions: ["eggs"], kidAges: [6])
        let week = Self.dinners(7, passing: sesame)
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Sam", age: 6)])
        let history = [ChatMessage(.user, "My son is allergic to sesame, plan dinners for the week"), ChatMessage(.assistant, Self.planText(week))]
        let run = try await Self.assistant().run(AssistInput(userID: UserID(UUID()), goal: "swap Monday", household: household, history: history)) { _ in }
        guard case .final(let final) = run.outcome else { throw TestFailure("\(run.outcome)") }
        for recipe in final.recipes ?? [] { #expect(sesame.isSafe(recipe), "\(recipe.title): the earlier goal's sesame holds") }
        #expect(final.goalRules == ["sesame"] && final.suggestedRules == nil, "kept, not offered again")

        let withEggs = Self.dinners(1, passing: none, failing: eggs)
        let eggWeek = withEggs + Array(Self.dinners(6, passing: eggs).prefix(6))
        let allergy = try await Self.run("Swap Tuesday since my daughter is allergic to eggs", after: eggWeek)
        for recipe in allergy.recipes ?? [] { #expect(eggs.isSafe(recipe), "\(recipe.title): the allergy holds on every day, Monday too") }
        #expect(allergy.suggestedRules == ["eggs"])
    }

    @Test("'swap Monday' changes Monday only; a new plan asked for is planned from nothing")
    func swapMonday() async throws {
        let none = FoodCheck(restrictions: [], kidAges: [6])
        let week = Self.dinners(7, passing: none)
        let final = try await Self.run("swap Monday", after: week)
        let lines = PlanFollowUp.lines(of: final.planText ?? "")
        try #require(lines.count == 7, "\(final.text)")
        #expect(lines[0].title != week[0].title)
        for index in 1..<7 { #expect(lines[index].title == week[index].title) }
        #expect(!week.map(\.title).contains(lines[0].title), "Monday gets a dish the week does not have")
        let fresh = try await Self.run("Plan a new week of dinners", after: week)
        #expect(!fresh.text.contains("I changed") && (fresh.recipes?.count ?? 0) == 7, "\(fresh.text)")
    }

    @Test("a rule said once in a conversation holds however many side questions later; 'swap Tuesday' after them changes the plan", arguments: TestDatabase.allCases)
    func rulesOutliveTheHistory(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await client.signIn(app: "zia")
            #expect(try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: ["allergies": ["vegetarian"]]).status == .ok)
            let first = try await ZiaServer.ask(client, user.accessToken, "My son is allergic to sesame, plan dinners for the week")
            let conversation = try #require(first.conversationID)
            let week = PlanFollowUp.lines(of: try #require(first.final?.planText))
            try #require(week.count == 7)
            for side in ["Is pizza vegetarian?", "Chores for Saturday", "Plan a bedtime routine for Friday", "Tips for handling tantrums"] {
                let answer = try await ZiaServer.ask(client, user.accessToken, side, conversation: conversation)
                #expect(answer.final != nil, "\(side): \(answer.types)")
            }
            let swapped = try await ZiaServer.ask(client, user.accessToken, "swap Tuesday", conversation: conversation)
            let lines = PlanFollowUp.lines(of: try #require(swapped.final?.planText, "\(swapped.types)"))
            try #require(lines.count == 7)
            #expect(lines[1] != week[1] && lines[0] == week[0] && Array(lines.dropFirst(2)) == Array(week.dropFirst(2)), "\(lines)")
            let lunches = try await ZiaServer.ask(client, user.accessToken, "Plan a week of lunches with sesame noodle salad", conversation: conversation)
            let final = try #require(lunches.final, "\(lunches.types)")
            let check = FoodCheck(restrictions: ["vegetarian", "sesame"], kidAges: [])
            #expect(!(final.recipes ?? []).isEmpty)
            for recipe in final.recipes ?? [] { #expect(check.isSafe(recipe), "\(recipe.title): the sesame said six turns ago holds") }
            #expect(final.goalRules?.contains("sesame") == true && final.suggestedRules?.contains("sesame") != true, "kept, not offered again")
        }
    }

    @Test("follow-ups through the API continue the conversation's plan, on both databases", arguments: TestDatabase.allCases)
    func throughTheAPI(_ database: TestDatabase) async throws {
        try await ZiaServer.with(database) { client, _ in
            let user = try await ZiaServer.signIn(client, household: ZiaServer.familyOfFour)
            let first = try await ZiaServer.ask(client, user.accessToken, "Plan a week of kid-friendly dinners")
            let conversation = try #require(first.conversationID)
            let week = PlanFollowUp.lines(of: try #require(first.final?.planText))
            try #require(week.count == 7)

            let swapped = try await ZiaServer.ask(client, user.accessToken, "swap Monday", conversation: conversation)
            let afterSwap = PlanFollowUp.lines(of: try #require(swapped.final?.planText, "\(swapped.types)"))
            try #require(afterSwap.count == 7)
            #expect(afterSwap[0].title != week[0].title)
            #expect(Array(afterSwap.dropFirst()) == Array(week.dropFirst()), "\(afterSwap)")
            #expect(swapped.final?.meta.intent == .mealPlanning)

            let vegetarian = try await ZiaServer.ask(client, user.accessToken, "make it vegetarian", conversation: conversation)
            let final = try #require(vegetarian.final, "\(vegetarian.types)")
            let check = FoodCheck(restrictions: ["peanuts", "vegetarian"], kidAges: [6])
            #expect((final.recipes ?? []).count == 7)
            for recipe in final.recipes ?? [] { #expect(check.isSafe(recipe), "\(recipe.title)") }
            let kept = PlanFollowUp.lines(of: final.planText ?? "")
            try #require(kept.count == 7, "\(final.text)")
            for (index, line) in afterSwap.enumerated() {
                guard let recipe = PlanRevision.recipe(named: line.title), check.isSafe(recipe) else { continue }
                #expect(kept[index] == line, "a vegetarian day stays: \(line)")
            }
            let rules = (vegetarian.context?["food_rules"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
            #expect(rules.contains { $0["text"] as? String == "vegetarian" && $0["source"] as? String == "goal" }, "\(rules)")
            #expect(final.suggestedRules == ["vegetarian"])
        }
    }
}
