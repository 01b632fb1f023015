import AIProviders
import Foundation
import PlatformAPI
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// The assistant tests' own corpus (15 recipes, 4 articles), fake models and a router around them.
enum AssistantFixtures {
    static func ingredient(_ name: String, _ quantity: Double, _ unit: String, _ aisle: GroceryAisle) -> RecipeIngredient {
        RecipeIngredient(name: name, quantity: quantity, unit: unit, aisle: aisle)
    }

    static func recipe(
        _ id: String, _ title: String, _ cuisine: String, _ ingredients: [RecipeIngredient], allergens: [String] = [], minAge: Int = 0, kid: Bool = true
    )
        -> Recipe
    {
        Recipe(
            id: id, title: title, cuisine: cuisine, ingredients: ingredients, allergens: allergens, tags: ["dinner", cuisine] + (kid ? ["kid friendly"] : []), kidFriendly: kid,
            minAge: minAge, prepMinutes: 30, steps: ["Cook it.", "Serve it."])
    }

    static let recipes: [Recipe] = [
        recipe(
            "peanut-satay", "Chicken Peanut Satay", "asian", [ingredient("chicken thigh", 500, "g", .meat), ingredient("peanut butter", 3, "tbsp", .pantry)], allergens: ["peanut"]),
        recipe(
            "shrimp-tacos", "Shrimp Tacos", "mexican", [ingredient("shrimp", 400, "g", .seafood), ingredient("corn tortillas", 8, "piece", .bakery)], allergens: ["crustacean"]),
        recipe(
            "mac-cheese", "Baked Mac and Cheese", "american",
            [ingredient("macaroni", 300, "g", .pantry), ingredient("cheddar cheese", 200, "g", .dairy), ingredient("milk", 250, "ml", .dairy)], allergens: ["milk", "wheat"]),
        recipe(
            "lemon-orzo", "Lemon Chicken Orzo", "italian",
            [ingredient("chicken breast", 500, "g", .meat), ingredient("orzo", 250, "g", .pantry), ingredient("lemon", 1, "piece", .produce)]),
        recipe(
            "tomato-risotto", "Tomato Risotto", "italian",
            [ingredient("arborio rice", 300, "g", .pantry), ingredient("tomato", 4, "piece", .produce), ingredient("onion", 1, "piece", .produce)]),
        recipe(
            "bean-burrito", "Black Bean Burrito Bowls", "mexican",
            [ingredient("black beans", 1, "can", .pantry), ingredient("rice", 200, "g", .pantry), ingredient("onion", 1, "piece", .produce)]),
        recipe("chicken-fajitas", "Chicken Fajitas", "mexican", [ingredient("chicken breast", 400, "g", .meat), ingredient("bell pepper", 2, "piece", .produce)]),
        recipe(
            "teriyaki-salmon", "Teriyaki Salmon", "asian",
            [ingredient("salmon fillet", 400, "g", .seafood), ingredient("fish sauce", 1, "tbsp", .pantry), ingredient("rice", 200, "g", .pantry)], allergens: ["fish"]),
        recipe(
            "veggie-stir-fry", "Veggie Rice Stir-Fry", "asian",
            [ingredient("rice", 250, "g", .pantry), ingredient("broccoli", 1, "piece", .produce), ingredient("carrot", 2, "piece", .produce)]),
        recipe(
            "chana-masala", "Mild Chana Masala", "indian",
            [ingredient("chickpeas", 2, "can", .pantry), ingredient("tomato", 3, "piece", .produce), ingredient("onion", 1, "piece", .produce)]),
        recipe(
            "spicy-vindaloo", "Spicy Pork Vindaloo", "indian", [ingredient("pork shoulder", 600, "g", .meat), ingredient("chili", 4, "piece", .produce)], minAge: 8, kid: false),
        recipe(
            "greek-chicken", "Greek Chicken Traybake", "mediterranean",
            [ingredient("chicken thigh", 600, "g", .meat), ingredient("potato", 4, "piece", .produce), ingredient("lemon", 1, "piece", .produce)]),
        recipe(
            "lentil-soup", "Red Lentil Soup", "mediterranean",
            [ingredient("red lentils", 250, "g", .pantry), ingredient("carrot", 2, "piece", .produce), ingredient("onion", 1, "piece", .produce)]),
        recipe("honey-chicken", "Honey Garlic Chicken", "american", [ingredient("chicken thigh", 500, "g", .meat), ingredient("honey", 3, "tbsp", .pantry)], allergens: ["honey"]),
        recipe("turkey-meatballs", "Turkey Meatballs with Rice", "american", [ingredient("ground turkey", 500, "g", .meat), ingredient("rice", 200, "g", .pantry)]),
    ]

    static let articles: [KnowledgeArticle] = [
        KnowledgeArticle(
            id: "tantrums", domain: .discipline, title: "Calming tantrums", body: "Stay calm and name the feeling. Offer two simple choices. Praise the calm afterwards.",
            tags: ["tantrum", "toddler"], minAge: 1, maxAge: 6),
        KnowledgeArticle(
            id: "car-seats", domain: .safety, title: "Car seat basics", body: "Keep kids rear-facing as long as the seat allows. Check the harness is snug.", tags: ["car", "seat"]),
        KnowledgeArticle(
            id: "talking", domain: .development, title: "Early talking", body: "Narrate your day. Read together every day.", tags: ["speech", "talking"], minAge: 0, maxAge: 4),
        KnowledgeArticle(id: "picky", domain: .nutrition, title: "Picky eaters", body: "Offer new foods beside favourites. Keep portions tiny.", tags: ["picky", "eating"]),
    ]

    static let user = UserID(UUID())

    static func input(
        _ goal: String, mode: AssistMode? = nil, household: HouseholdProfile = HouseholdProfile(), history: [ChatMessage] = [], memories: [String] = []
    )
        -> AssistInput
    {
        AssistInput(userID: user, goal: goal, mode: mode, household: household, history: history, memories: memories)
    }

    static func assistant(chains: [String: [RouteTarget]] = [:], recorder: AssistantRecorder = .init(), configuration: AssistantConfiguration = .init()) -> Assistant {
        let router = ModelRouter(chains: chains, offline: Assistant.offlineModels, recorder: recorder, sleep: { _ in })
        return Assistant(
            router: router, recipes: LexicalRecipeRetriever(recipes: recipes), knowledge: LexicalKnowledgeRetriever(articles: articles), configuration: configuration)
    }
}

/// Collects a run's progress events.
final class ProgressLog: Sendable {
    let events = LockedValue<[AssistProgress]>([])
    var sink: @Sendable (AssistProgress) async throws -> Void { { event in self.events.withLock { $0.append(event) } } }
    var tokens: String { events.withLock { $0 }.compactMap { if case .token(let text) = $0 { text } else { nil } }.joined() }
}

/// Call records in memory (the router's `run_metrics` rows).
final class AssistantRecorder: UsageRecorder, Sendable {
    let records = LockedValue<[ModelCallRecord]>([])
    func record(_ record: ModelCallRecord) async { records.withLock { $0.append(record) } }
    var answered: [ModelCallRecord] { records.withLock { $0 }.filter { $0.outcome == "ok" } }
}

/// A model that counts its calls, keeps the requests, and answers each call with the next
/// scripted text (its last one once they run out), or fails with `failure`.
final class ScriptedAssistantModel: LanguageModel, Sendable {
    let provider: String
    let model: String
    let answers: LockedValue<[String]>
    let failure: ProviderError?
    let requests = LockedValue<[CompletionRequest]>([])
    var calls: Int { requests.withLock { $0.count } }

    init(_ provider: String = "fake", _ model: String, answers: [String] = ["kid friendly dinner"], failure: ProviderError? = nil) {
        self.provider = provider
        self.model = model
        self.answers = LockedValue(answers)
        self.failure = failure
    }

    func complete(_ request: CompletionRequest) async throws -> Completion {
        requests.withLock { $0.append(request) }
        if let failure { throw failure }
        let text = answers.withLock { $0.count > 1 ? $0.removeFirst() : ($0.first ?? "") }
        return Completion(text: text, usage: TokenUsage(inputTokens: 100, outputTokens: 50), model: model, finishReason: "stop")
    }

    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
}
