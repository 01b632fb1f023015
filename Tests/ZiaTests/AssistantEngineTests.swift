import AIProviders
import Foundation
import PlatformCore
import Testing
import ZiaAPI
import ZiaAssistant
import ZiaSafety

@Suite("Assistant engine", .timeLimit(.minutes(1)))
struct AssistantEngineTests {
    typealias F = AssistantFixtures

    static func final(_ run: AssistRun) throws -> AssistFinal {
        guard case .final(let final) = run.outcome else { throw Unexpected(description: "not a final: \(run.outcome)") }
        return final
    }

    struct Unexpected: Error, CustomStringConvertible { let description: String }

    @Test("offline meal plan: 7 different dinners, preferred cuisine first, cuisines spread, streamed word by word, grocery summed")
    func offlineMealPlan() async throws {
        let recorder = AssistantRecorder()
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Ava", age: 4)], cuisines: ["mexican"])
        let log = ProgressLog()
        let run = try await F.assistant(recorder: recorder).run(F.input("Plan dinners for the week", household: household), progress: log.sink)
        let final = try Self.final(run)
        let recipes = try #require(final.recipes)
        #expect(recipes.count == 7)
        #expect(Set(recipes.map(\.id)).count == 7)
        #expect(recipes.first?.cuisine == "mexican")
        #expect(recipes.prefix(2).map(\.cuisine) != ["mexican", "mexican"])
        #expect(recipes.allSatisfy { $0.minAge <= 4 })
        for (day, recipe) in zip(WeekPlanner.days, recipes) { #expect(final.text.contains("\(day): \(recipe.title)")) }
        #expect(final.planText == final.text)
        #expect(log.tokens == final.text)
        let tokenCount = log.events.withLock { $0 }.filter { if case .token = $0 { true } else { false } }.count
        #expect(tokenCount > 20)
        // Quantities summed per (name, unit): onion appears in several picked recipes.
        let onions = recipes.flatMap(\.ingredients).filter { $0.name == "onion" }.reduce(0) { $0 + $1.quantity }
        if onions > 0 { #expect(final.grocery?.aisles["produce"]?.first { $0.name == "onion" }?.quantity == onions) }
        #expect(
            Array(log.events.withLock { $0 }.prefix(4)) == [
                .status("Planning meals..."), .status("Fetching recipes..."),
                .toolCall(name: "fetch_recipes", args: ["query": .string(run.state["query"] ?? ""), "k": .number(8)]),
                .toolResult(count: 8),
            ])
        #expect(run.graph == ["precheck", "planning", "retrieval", "synthesis", "allergen_check"])
        #expect(run.intent == .mealPlanning)
        #expect(final.meta.strategy == "fast_fallback")
        #expect(recorder.answered.map(\.purpose) == ["zia.planning", "zia.synthesis"])
        #expect(recorder.answered.allSatisfy { $0.provider == "offline" })
        #expect(final.costUSD == 0)
        #expect(final.usage.totalTokens > 0)
        #expect(run.state["repaired"] == "false")
    }

    @Test("allergies: no recipe carries them, the run is safety-critical, retrieval over-fetches so 8 safe remain")
    func allergicHousehold() async throws {
        let recorder = AssistantRecorder()
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Leo", age: 6, dietaryRestrictions: ["fish"])], allergies: ["peanut", "milk"])
        let log = ProgressLog()
        let run = try await F.assistant(recorder: recorder).run(F.input("Plan dinners with chicken and shrimp and peanut satay", household: household), progress: log.sink)
        let final = try Self.final(run)
        let check = FoodCheck(restrictions: household.safetyAllergies, kidAges: [6])
        let recipes = try #require(final.recipes)
        #expect(recipes.allSatisfy(check.isSafe))
        #expect(!recipes.contains { ["peanut-satay", "mac-cheese", "teriyaki-salmon"].contains($0.id) })
        #expect(log.events.withLock { $0 }.contains(.toolResult(count: 8)))
        #expect(final.meta.strategy == "safety_critical")
        #expect(recorder.answered.map(\.purpose) == ["zia.planning", "zia.safety_critical"])
        for item in final.grocery?.aisles.values.flatMap({ $0 }) ?? [] { #expect(check.violations(inIngredient: item.name).isEmpty) }
    }

    @Test("a model answering an unsafe recipe is repaired from safe ones; nothing unsafe is ever streamed")
    func unsafeModelAnswerRepaired() async throws {
        let planner = ScriptedAssistantModel("anthropic", "claude", answers: ["chicken dinners"])
        let unsafeText = """
            Here's your week!
            Monday: Chicken Peanut Satay [peanut-satay]
            Tuesday: Lemon Chicken Orzo
            Wednesday: Grandma's surprise casserole
            Thursday: Chicken Fajitas, topped with crushed peanuts
            Friday: Spicy Pork Vindaloo [spicy-vindaloo]
            Saturday: Tomato Risotto
            Sunday: Red Lentil Soup
            Add a peanut sauce on the side!
            """
        let writer = ScriptedAssistantModel("anthropic", "claude", answers: [unsafeText])
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Mia", age: 5)], allergies: ["peanut"])
        let log = ProgressLog()
        let run = try await F.assistant(chains: ["zia.planning": [RouteTarget(model: planner, price: .free)], "zia.safety_critical": [RouteTarget(model: writer, price: .free)]])
            .run(F.input("Plan dinners", household: household), progress: log.sink)
        let final = try Self.final(run)
        #expect(writer.calls == 1)
        #expect(!log.tokens.lowercased().contains("peanut"))
        #expect(!final.text.lowercased().contains("peanut"))
        #expect(!final.text.contains("Grandma"))
        let recipes = try #require(final.recipes)
        #expect(recipes.count == 7)
        #expect(!recipes.contains { $0.id == "peanut-satay" })
        #expect(recipes.allSatisfy(FoodCheck(restrictions: ["peanut"], kidAges: [5]).isSafe))
        // The model's safe days stay as it wrote them unless they would repeat a dinner.
        let lines = final.text.split(separator: "\n").map(String.init)
        #expect(["Tuesday: Lemon Chicken Orzo", "Saturday: Tomato Risotto", "Sunday: Red Lentil Soup"].contains(where: lines.contains))
        #expect(run.state["repaired"] == "true")
        #expect(log.tokens == final.text)
    }

    @Test("a model that ignores the format still yields a full, safe week")
    func unformattedAnswerCompleted() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini", answers: ["Tacos!", "Let's just eat tacos every night."])
        let run = try await F.assistant(chains: ["zia.planning": [RouteTarget(model: model, price: .free)], "zia.synthesis": [RouteTarget(model: model, price: .free)]])
            .run(F.input("Plan dinners"), progress: { _ in })
        let final = try Self.final(run)
        #expect(final.recipes?.count == 7)
        #expect(final.text.contains("Sunday: "))
        #expect(run.state["query"] == "Tacos!")
    }

    @Test("no safe recipe at all: refused as unsafe_plan before synthesis")
    func nothingSafeRefused() async throws {
        let assistant = Assistant(
            router: ModelRouter(chains: [:], offline: Assistant.offlineModels, recorder: AssistantRecorder()),
            recipes: LexicalRecipeRetriever(recipes: [F.recipes[0]]), knowledge: LexicalKnowledgeRetriever(articles: []))
        let run = try await assistant.run(F.input("peanut dinners", household: HouseholdProfile(allergies: ["peanut"])), progress: { _ in })
        guard case .refusal(let refusal) = run.outcome else { Issue.record("expected a refusal"); return }
        #expect(refusal.reason == "unsafe_plan")
        #expect(!run.graph.contains("synthesis"))
    }

    @Test("bedtime routine: steps timed back from the household's bedtime, total = wind-down, routine_type in meta")
    func bedtimeRoutine() async throws {
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Ava", age: 4)], bedtimePreferences: BedtimePreferences(bedtime: "20:00", windDownMinutes: 60))
        let log = ProgressLog()
        let run = try await F.assistant().run(F.input("Help with a bedtime routine", household: household), progress: log.sink)
        let final = try Self.final(run)
        let routine = try #require(final.routine)
        #expect(routine.type == "bedtime")
        #expect(routine.totalMinutes == 60)
        #expect(routine.steps.first?.time == "19:00")
        let last = try #require(routine.steps.last)
        #expect(RoutineTimes.minutes(last.time) + last.minutes == 20 * 60)
        #expect(final.meta.routineType == "bedtime")
        #expect(run.intent == .routines)
        for step in routine.steps { #expect(final.text.contains(step.title)) }
        #expect(log.tokens == final.text)
    }

    @Test("morning and nap routines start at the wake time and midday")
    func morningAndNap() async throws {
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Sam", age: 7)], bedtimePreferences: BedtimePreferences(wakeTime: "06:30"))
        let morning = try Self.final(try await F.assistant().run(F.input("Our mornings are chaos", household: household), progress: { _ in }))
        #expect(morning.routine?.type == "morning")
        #expect(morning.routine?.steps.first?.time == "06:30")
        let nap = try Self.final(try await F.assistant().run(F.input("nap schedule", mode: .routines), progress: { _ in }))
        #expect(nap.meta.routineType == "nap")
    }

    @Test("chores: type, frequency and schedule from the goal and household; chore_type in meta")
    func chores() async throws {
        let household = HouseholdProfile(adults: [.me, HouseholdAdult(name: "Sam")], kids: [HouseholdKid(name: "Ava", age: 4), HouseholdKid(name: "Ben", age: 11)])
        let run = try await F.assistant().run(F.input("Weekly laundry chores", household: household), progress: { _ in })
        let final = try Self.final(run)
        let chores = try #require(final.chores)
        #expect(chores.choreType == "laundry")
        #expect(chores.frequency == "weekly")
        #expect(final.meta.choreType == "laundry")
        #expect(!chores.schedule.isEmpty)
        // Ava (4) only gets tasks a 3-year-old can do ("Match socks").
        #expect(chores.schedule.filter { $0.assignee == "Ava" }.allSatisfy { $0.task == "Match socks" })
        let daily = try Self.final(try await F.assistant().run(F.input("daily dishes chore", household: household), progress: { _ in }))
        #expect(daily.chores?.frequency == "daily")
        #expect(daily.chores?.schedule.count == 21)
    }

    @Test("generic questions are answered from the knowledge base, by domain")
    func generic() async throws {
        let household = HouseholdProfile(kids: [HouseholdKid(name: "Ava", age: 3)])
        let run = try await F.assistant().run(F.input("How do I handle tantrums?", household: household), progress: { _ in })
        let final = try Self.final(run)
        #expect(final.text.contains("Calming tantrums"))
        #expect(run.state["domain"] == "discipline")
        #expect(run.graph == ["precheck", "retrieval", "synthesis"])
    }

    @Test("history and memories go into the prompts")
    func multiTurn() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini", answers: ["pasta"])
        let history = [ChatMessage(.user, "We loved the risotto last week"), ChatMessage(.assistant, "Great, I'll remember that.")]
        _ = try await F.assistant(chains: ["zia.planning": [RouteTarget(model: model, price: .free)], "zia.synthesis": [RouteTarget(model: model, price: .free)]])
            .run(F.input("Plan dinners", history: history, memories: ["meal_likes: the kids love tacos"]), progress: { _ in })
        let requests = model.requests.withLock { $0 }
        #expect(requests.count == 2)
        for request in requests {
            #expect(request.messages.contains { $0.role == .assistant && $0.content == "Great, I'll remember that." })
            #expect(request.messages.last?.content.contains("the kids love tacos") == true)
        }
        #expect(requests[0].temperature == 0.1)
        #expect(requests[1].temperature == 0.3)
    }

    @Test("when progress throws (the client left), no further model call is made")
    func progressThrowStops() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini", answers: ["pasta"])
        struct Gone: Error {}
        let assistant = F.assistant(chains: ["zia.planning": [RouteTarget(model: model, price: .free)], "zia.synthesis": [RouteTarget(model: model, price: .free)]])
        await #expect(throws: Gone.self) {
            _ = try await assistant.run(F.input("Plan dinners")) { event in
                if case .toolCall = event { throw Gone() }
            }
        }
        #expect(model.calls == 1)
    }

    @Test("a cancelled run makes no further model call")
    func cancellationStops() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini", answers: ["pasta"])
        let assistant = F.assistant(chains: ["zia.planning": [RouteTarget(model: model, price: .free)], "zia.synthesis": [RouteTarget(model: model, price: .free)]])
        let reachedRetrieval = AsyncStream<Void>.makeStream()
        let task = Task {
            try await assistant.run(F.input("Plan dinners")) { event in
                if case .toolCall = event {
                    reachedRetrieval.continuation.yield()
                    try await Task.sleep(for: .seconds(30))
                }
            }
        }
        for await _ in reachedRetrieval.stream { break }
        task.cancel()
        _ = await task.result
        #expect(model.calls == 1)
    }

    static let medicalGoal = "Can you diagnose my son's rash and prescribe medicine for dinner?"
    @Test("a refused goal is a refusal with no model call")
    func refusalCallsNoModel() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini")
        let recorder = AssistantRecorder()
        let run = try await F.assistant(
            chains: ["zia.planning": [RouteTarget(model: model, price: .free)], "zia.synthesis": [RouteTarget(model: model, price: .free)]], recorder: recorder
        )
        .run(F.input(Self.medicalGoal), progress: { _ in })
        guard case .refusal = run.outcome else { Issue.record("expected a refusal"); return }
        #expect(model.calls == 0)
        #expect(recorder.records.withLock { $0 }.isEmpty)
        #expect(run.graph == ["precheck"])
    }

    @Test("PII in a model's answer is redacted in the text and the stream")
    func outputRedacted() async throws {
        let model = ScriptedAssistantModel("openai", "gpt-4o-mini", answers: ["Call me at 555-123-4567 or mail jo@example.com.\nStay calm."])
        let log = ProgressLog()
        let run = try await F.assistant(chains: ["zia.synthesis": [RouteTarget(model: model, price: .free)]]).run(F.input("How do I handle tantrums?"), progress: log.sink)
        let final = try Self.final(run)
        #expect(!final.text.contains("555-123-4567"))
        #expect(!log.tokens.contains("555"))
        #expect(!log.tokens.contains("jo@example.com"))
    }
}

/// Minutes after midnight of a step's `HH:MM`.
enum RoutineTimes {
    static func minutes(_ time: String) -> Int {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts[0] * 60 + parts[1]
    }
}

/// The grocery list a plan ends with: one line per ingredient and aisle, kilograms and litres
/// added to grams and millilitres.
@Suite("Zia grocery consolidation")
struct GroceryConsolidationTests {
    static func recipe(_ id: String, _ ingredients: [RecipeIngredient]) -> Recipe {
        Recipe(id: id, title: id, cuisine: "american", ingredients: ingredients, allergens: [], tags: [], kidFriendly: true, prepMinutes: 10, steps: ["Cook."])
    }

    @Test("1 kg and 400 g of potatoes are one line of 1.4 kg; 600 ml and 0.5 l of broth one of 1.1 l; 300 g stays in grams; pieces stay pieces")
    func unitsAddUp() {
        let list = GroceryConsolidator.list(for: [
            Self.recipe("a", [.init(name: "potato", quantity: 1, unit: "kg", aisle: .produce), .init(name: "broth", quantity: 600, unit: "ml", aisle: .pantry)]),
            Self.recipe(
                "b",
                [
                    .init(name: "Potato", quantity: 400, unit: "g", aisle: .produce), .init(name: "broth", quantity: 0.5, unit: "l", aisle: .pantry),
                    .init(name: "rice", quantity: 300, unit: "g", aisle: .pantry), .init(name: "onion", quantity: 2, unit: "piece", aisle: .produce),
                ]),
        ])
        #expect(list.aisles["produce"] == [.init(name: "onion", quantity: 2, unit: "piece"), .init(name: "potato", quantity: 1.4, unit: "kg")])
        #expect(list.aisles["pantry"] == [.init(name: "broth", quantity: 1.1, unit: "l"), .init(name: "rice", quantity: 300, unit: "g")])
    }
}
