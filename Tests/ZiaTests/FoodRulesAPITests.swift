import AIProviders
import AppServer
import Foundation
import PlatformCore
import TestSupport
import Testing
import Zia
import ZiaAPI
import ZiaAssistant

/// Diets and the families' own words through the HTTP API, on both databases: the household's
/// answers say how each rule is read, and a week planned for a vegetarian, vegan, pescatarian,
/// halal, kosher-style, no-pork, no-beef, alcohol-free, dairy-free or gluten-free household, for a
/// sesame allergy (burger buns) or a kid's gluten restriction (hoagie rolls), or for allergies in
/// French or German, names none of the foods the rule keeps out — offline, and with a model
/// scripted to answer with bacon, ham, wine, chicken, buns and peanuts.
@Suite("Zia food rules through the API", .timeLimit(.minutes(5)))
struct FoodRulesAPITests {
    struct Case: Sendable, CustomStringConvertible {
        let allergies: [String]
        var kids: [(age: Int, restrictions: [String])] = [(6, [])]
        /// Words no planned recipe's ingredient (nor the plan's text) may contain, lower-cased.
        let forbidden: [String]
        var description: String { (allergies + kids.flatMap(\.restrictions)).joined(separator: ", ") }

        var household: [String: any Sendable] {
            [
                "allergies": allergies,
                "kids": kids.enumerated().map { index, kid in ["name": "Kid \(index + 1)", "age": kid.age, "dietary_restrictions": kid.restrictions] as [String: any Sendable] },
                "cuisines": ["italian", "mexican", "thai"],
            ]
        }
    }

    static let meat = ["chicken", "beef", "pork", "bacon", "ham", "turkey", "lamb", "sausage", "steak", "chuck", "sirloin", "tenderloin"]
    /// Look-alikes that hold a forbidden word and are fine: taken out of a text before it is searched.
    static let lookAlikes = [
        "vegetable broth", "vegetable stock", "peanut butter", "almond butter", "coconut milk", "coconut cream", "oat milk", "butter beans", "eggplant", "rice noodles",
        "rice noodle", "glass noodles", "gluten-free rice pasta", "rice pasta",
    ]
    static let seafood = ["fish", "salmon", "cod", "shrimp", "mussels", "worcestershire", "oyster", "anchovy"]
    static let cases: [Case] = [
        Case(allergies: ["vegetarian"], forbidden: meat + seafood + ["gelatin"]),
        Case(allergies: ["Vegan"], forbidden: meat + seafood + ["egg", "eggs", "milk", "butter", "cheese", "cheddar", "parmesan", "yogurt", "honey", "cream", "ghee"]),
        Case(allergies: ["pescatarian"], forbidden: meat),
        Case(allergies: ["halal"], forbidden: ["pork", "bacon", "ham", "sausage", "wine", "mirin", "sake", "beer", "gelatin"]),
        Case(allergies: ["kosher"], forbidden: ["pork", "bacon", "ham", "shrimp", "mussels", "sausage"]),
        Case(allergies: ["no pork"], forbidden: ["pork", "bacon", "ham", "sausage"]),
        Case(allergies: ["no beef"], forbidden: ["beef", "steak", "sirloin", "cheeseburger"]),
        Case(allergies: ["no alcohol"], forbidden: ["wine", "mirin", "sake", "beer"]),
        Case(allergies: ["dairy-free"], forbidden: ["milk", "butter", "cheese", "cheddar", "parmesan", "yogurt", "cream", "ghee", "paneer", "feta", "mozzarella"]),
        Case(
            allergies: ["gluten-free"],
            forbidden: ["roll", "rolls", "bun", "buns", "pasta", "spaghetti", "bread", "flour", "soy sauce", "noodles", "naan", "pita", "couscous", "oats"]),
        Case(allergies: ["sesame"], forbidden: ["sesame", "bun", "buns", "tahini", "hoagie"]),
        Case(allergies: [], kids: [(7, ["gluten"])], forbidden: ["roll", "rolls", "bun", "buns", "pasta", "spaghetti", "bread", "flour", "soy sauce", "couscous"]),
        Case(allergies: ["Erdnüsse"], forbidden: ["peanut", "peanuts"]),
        Case(allergies: ["cacahuètes", "lait"], forbidden: ["peanut", "peanuts", "milk", "butter", "cheese", "cheddar", "parmesan", "cream"]),
        Case(allergies: ["vegetarian", "sesame", "no alcohol"], kids: [(1, []), (5, ["peanuts"])], forbidden: meat + seafood + ["sesame", "bun", "wine", "peanut", "honey"]),
    ]

    static let goals = ["Plan a week of kid-friendly dinners", "Quick weeknight dinners with Thai flavors, please"]

    /// A model that plans with what every rule above keeps out.
    struct UnsafeModel: LanguageModel {
        var provider: String { "offline" }
        var model: String { "unsafe-diet-script" }

        func complete(_ request: CompletionRequest) async throws -> Completion {
            let text = """
                Monday: Kimchi Fried Rice with bacon
                Tuesday: Classic Cheeseburgers on sesame buns
                Wednesday: Slow-Cooker Pulled Pork Sandwiches on hoagie rolls
                Thursday: Beef Bourguignon braised in red wine
                Friday: Quiche Lorraine with ham
                Saturday: Chicken Teriyaki with mirin
                Sunday: Peanut butter noodles with shrimp
                Serve with a glass of beer and honey-glazed chicken wings.
                """
            return Completion(text: text, usage: TokenUsage(inputTokens: 50, outputTokens: 80), model: model, finishReason: "stop")
        }

        func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
    }

    @Test("the household's answers say how each rule is read: diets, allergies in other languages, plain words", arguments: TestDatabase.allCases)
    func householdReadsItsRules(_ database: TestDatabase) async throws {
        try await withServer(database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(extraModules: ZiaServer.modules)) { client, _ in
            let user = try await client.signIn(app: "zia")
            let body: [String: any Sendable] = [
                "allergies": ["Vegetarian", "Erdnüsse, kiwi"], "kids": [["name": "Ada", "age": 1, "dietary_restrictions": ["no pork"]] as [String: any Sendable]],
            ]
            let stored = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: body)
            #expect(stored.status == .ok, "\(stored.text)")
            let read = try await client.send(.get, ZiaServer.household(user.userID), token: user.accessToken)
            #expect(read.status == .ok, "\(read.text)")
            for response in [stored, read] {
                let rules = try #require(try JSONDecoder.api.decode(Household.self, from: response.body).foodRules, "\(response.text)")
                #expect(
                    rules.rules == [
                        FoodRules.Rule(text: "Vegetarian", kind: .diet, means: ["vegetarian"]), FoodRules.Rule(text: "Erdnüsse", kind: .allergy, means: ["peanut"]),
                        FoodRules.Rule(text: "kiwi", kind: .words, means: ["kiwi"]), FoodRules.Rule(text: "no pork", kind: .diet, means: ["no_pork"]),
                    ])
                #expect(rules.infantHazards == ["honey", "whole_nut"])
                let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
                let wire = try #require((json["food_rules"] as? [String: Any])?["rules"] as? [[String: Any]])
                #expect(wire.map { $0["understood"] as? Bool } == [true, true, false, true], "the wire says which are plain words")
            }
            // `food_rules` is the server's reading: an upsert that sends one changes nothing.
            var echoed = body
            echoed["food_rules"] = ["rules": [] as [String]]
            let again = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: echoed)
            #expect(try JSONDecoder.api.decode(Household.self, from: again.body).foodRules?.rules.count == 4)
        }
    }

    @Test(
        "a week for every diet and for allergies in the family's own words names nothing the rules keep out, offline and from an unsafe model",
        arguments: TestDatabase.allCases, [false, true])
    func weeksKeepTheRules(_ database: TestDatabase, unsafeModel: Bool) async throws {
        try await ZiaServer.unlimited(database, models: unsafeModel ? ZiaServer.everyPurpose(UnsafeModel()) : [:]) { client, _ in
            let user = try await client.signIn(app: "zia")
            var plans = 0
            for scenario in Self.cases {
                let stored = try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: scenario.household)
                #expect(stored.status == .ok, "\(stored.text)")
                for goal in Self.goals {
                    let response = try await client.send(.post, AssistStreamTests.streamPath, token: user.accessToken, json: ["goal": goal, "mode": "meals"])
                    let events = AssistEventRead.events(Array(response.body))
                    let context = try #require(events.first { $0.type == "context" }, "\(scenario)")
                    #expect(context.object["food_rules"] != nil, "\(scenario): context says how the rules are read")
                    if events.contains(where: { $0.type == "refusal" }) { continue }
                    let finalEvent = try #require(events.first { $0.type == "final" }, "\(scenario): \(events.map(\.type))")
                    let final = try JSONDecoder.api.decode(AssistFinal.self, from: JSONSerialization.data(withJSONObject: finalEvent.object))
                    plans += 1
                    let text = final.text.lowercased()
                    let ingredients = (final.recipes ?? []).flatMap { recipe in recipe.ingredients.map { "\(recipe.title): \($0.name.lowercased())" } }
                    let groceries = (final.grocery?.aisles.values.flatMap { $0 } ?? []).map { $0.name.lowercased() }
                    for word in scenario.forbidden {
                        #expect(!Self.contains(word, in: text), "\(scenario) [\(goal)]: '\(word)' in the plan:\n\(final.text)")
                        for ingredient in ingredients + groceries where Self.contains(word, in: ingredient) {
                            Issue.record("\(scenario) [\(goal)]: '\(word)' in \(ingredient)")
                        }
                    }
                    #expect((final.recipes ?? []).count >= 3, "\(scenario): a real week, \(final.text)")
                }
            }
            #expect(plans >= Self.cases.count, "most cases end in a plan")
        }
    }

    /// A model that fills routines, chores and answers with food a baby with a peanut allergy and a
    /// halal family must not be offered, beside lines that are fine and a care note.
    struct UnsafeAdviceModel: LanguageModel {
        var provider: String { "offline" }
        var model: String { "unsafe-advice-script" }

        func complete(_ request: CompletionRequest) async throws -> Completion {
            let text = """
                19:00 — Warm milk with honey (10 min)
                19:10 — Peanut-butter toast as a bedtime snack (10 min)
                19:20 — Bath and pajamas (20 min)
                For picky eaters, try bacon bits on vegetables.
                Offer whole almonds as a snack after chores.
                Never give honey before the first birthday.
                Read two short books together.
                """
            return Completion(text: text, usage: TokenUsage(inputTokens: 50, outputTokens: 80), model: model, finishReason: "stop")
        }

        func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
    }

    @Test("routines, chores and answers pass the same food check: an unsafe line is left out with a note, a care note stays", arguments: TestDatabase.allCases)
    func everyAgentKeepsTheRules(_ database: TestDatabase) async throws {
        let models: [String: any LanguageModel] = Dictionary(uniqueKeysWithValues: Assistant.purposes.map { ($0, UnsafeAdviceModel()) })
        try await withServer(
            database, configure: { $0.apps = [ZiaApp.id] }, dependencies: .init(offlineModels: models, extraModules: ZiaServer.modules)
        ) { client, _ in
            let user = try await client.signIn(app: "zia")
            let household: [String: any Sendable] = [
                "allergies": ["halal"], "kids": [["name": "Ada", "age": 1, "dietary_restrictions": ["peanuts"]] as [String: any Sendable]],
            ]
            #expect(try await client.send(.post, ZiaServer.upsertHousehold, token: user.accessToken, json: household).status == .ok)
            for (goal, mode) in [("Plan a bedtime routine", "routines"), ("Make a weekly tidying chore chart", "chores"), ("How do I handle tantrums?", nil)] {
                let answer = try await ZiaServer.ask(client, user.accessToken, goal, mode: mode)
                let final = try #require(answer.final, "\(goal): \(answer.types)")
                let streamed = answer.events.filter { $0.type == "token" }.compactMap { $0.data as? String }.joined()
                #expect(streamed == final.text, "\(goal): what was streamed is the answer")
                let lines = final.text.split(separator: "\n").map(String.init)
                let offers = lines.filter { !$0.hasPrefix("(I left out") && !$0.hasPrefix("Never give") }
                for word in ["honey", "peanut", "bacon", "almonds"] {
                    #expect(!offers.contains { Self.contains(word, in: $0.lowercased()) }, "\(goal): '\(word)' offered:\n\(final.text)")
                }
                #expect(lines.contains { $0.contains("Bath and pajamas") } && lines.contains { $0.contains("Read two short books") }, "\(goal): safe lines kept")
                #expect(lines.contains("Never give honey before the first birthday."), "\(goal): a care note is not an offer")
                #expect(lines.contains { $0.hasPrefix("(I left out") }, "\(goal): the family is told what was left out")
            }
        }
    }

    /// Whether `word` occurs in `text` as a word (or words), so "ham" is not found in "graham".
    static func contains(_ word: String, in text: String) -> Bool {
        var text = text
        for lookAlike in lookAlikes { text = text.replacingOccurrences(of: lookAlike, with: " ") }
        let words = text.split { !$0.isLetter }.map(String.init)
        let wanted = word.split(separator: " ").map(String.init)
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }
}
