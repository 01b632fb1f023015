import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// Plans the meals a goal asks for (``MealRequest``: a week of dinners by default; breakfasts,
/// lunches or snacks; five weeknights, a weekend or one meal): planning (a search query, temperature 0.1), retrieval
/// (`fetch_recipes`: k = 8, over-fetched ×3 so 8 safe ones remain after the allergen filter),
/// synthesis (the seed's prompt with the household and an allergy-safety block, temperature 0.3),
/// then the deterministic allergen check of every recipe and grocery item before anything is
/// returned. Token limits: 48 for the query (a short line), 600 for the plan (7 dinner lines with a
/// sentence each, an opening and a closing: ~250 tokens, with room for a model's wordiness) —
/// planning and synthesis fit the run's 2,000 tokens with the prompts' ~900.
struct MealPlannerAgent: Agent {
    let recipes: any RecipeRetriever

    static let k = 8
    static let overFetch = 3
    /// The most recipes one retrieval asks for while looking for `k` safe ones.
    static let maxFetch = 192
    static let days = 7
    static let planningTokens = 48
    static let synthesisTokens = 600

    func run(_ context: AgentContext) async throws -> AgentResult {
        // Cuisines the family's memories name (a saved plan's `meal_cuisine_…`) join its preferred ones.
        let household = RememberedCuisines.preferring(context.input.memories, in: context.household)
        let check = context.food
        // Breakfast, lunch, dinner or snack, for a week, five weeknights, a weekend or one meal.
        let request = MealRequest.read(context.goal)
        var result = AgentResult()
        result.state["meal"] = request.meal.rawValue
        result.state["days"] = String(request.days)

        try await context.progress(.status("Planning meals..."))
        context.ledger.ran("planning")
        let planning = context.request(
            system: "You are a meal planner for a family.",
            instructions: """
                You are a meal planner for a family. Context: \(Self.json(AgentBrief.HouseholdSummary(household)))
                User goal: \(context.goal)
                Return a short search query string only, suitable for recipe retrieval (e.g., "kid friendly dinners").
                """,
            brief: AgentBrief(task: .searchQuery, goal: context.goal, household: household, meal: request.meal), temperature: 0.1,
            maxTokens: Self.planningTokens)
        let query = Self.query(from: try await context.complete(planning, stage: .planning), goal: context.goal)
        result.state["query"] = query

        try await context.progress(.status("Fetching recipes..."))
        try await context.progress(.toolCall(name: "fetch_recipes", args: ["query": .string(query), "k": .number(Double(Self.k))]))
        context.ledger.ran("retrieval")
        try Task.checkCancellation()
        let (fetched, safe) = try await fetchSafe(
            query, check: check, youngest: WeekPlanner.planningAge(context.kidAges), purees: Self.asksForPurees(context.goal), request: request)
        try await context.progress(.toolResult(count: safe.count))
        result.state["retrieved_ids"] = safe.map(\.id).joined(separator: ",")
        guard !safe.isEmpty else {
            result.refusal = AssistRefusal(
                reason: "unsafe_plan", refusalText: "I couldn't find recipes that are safe for everyone in your household. Try asking for different dishes.")
            return result
        }

        context.ledger.ran("synthesis")
        let titles = safe.map(\.title).joined(separator: ", ")
        let synthesis = context.request(
            system: "You are Zia, a warm family meal planner. You only plan with the recipes you are given.",
            instructions: """
                Create a concise plan of \(request.spoken) using these recipe titles: \(titles).
                Tone: family-friendly, encouraging.
                User goal: \(context.goal)
                Household: \(Self.json(AgentBrief.HouseholdSummary(household)))
                \(Self.safetyBlock(household, stated: context.stated))
                Write one opening line, then one line per day for \(request.days) day\(request.days == 1 ? "" : "s"), each "\(request.labels[0]): <exact recipe title>" \
                (days: \(request.labels.joined(separator: ", "))), then one closing line.
                """,
            brief: AgentBrief(
                task: .mealPlan, goal: context.goal, household: household, days: request.days, meal: request.meal, labels: request.labels, recipes: safe),
            temperature: 0.3, maxTokens: Self.synthesisTokens)
        let planner = WeekPlanner(cuisines: household.cuisines, kidAges: context.kidAges)
        let gate = OutputGate(
            screen: context.screen,
            rules: .init(known: Self.unique(fetched + safe), safe: safe, check: check, planner: planner, days: request.days, labels: request.labels))
        try await context.stream(synthesis, stage: .synthesis, gate: gate)

        context.ledger.ran("allergen_check")
        // The week's dinners for the household that eats them: quantities, groceries and the pantry follow.
        let plan = gate.planned.map { Servings.scale($0, for: context.household) }
        let grocery = GroceryConsolidator.list(for: plan)
        let unsafeItems = grocery.aisles.values.flatMap { $0 }.filter { !check.violations(inIngredient: $0.name).isEmpty }
        guard plan.allSatisfy(check.isSafe), unsafeItems.isEmpty, !plan.isEmpty else {
            result.refusal = AssistRefusal(reason: "unsafe_plan", refusalText: "I couldn't put together a plan that is safe for your household's allergies.")
            return result
        }
        result.text = gate.text
        result.planText = gate.text
        // A family with a baby or toddler eats the same dinners; each day says how to adapt theirs.
        let notes = BabyPortions.notes(for: plan, kids: context.household.kids, labels: request.labels)
        if !notes.isEmpty {
            let addition = "\n" + BabyPortions.text(notes, plan: plan)
            try await context.say(addition)
            result.text += addition
            result.portionNotes = notes
        }
        result.recipes = Self.unique(plan)
        result.grocery = grocery
        result.state["recipe_ids"] = plan.map(\.id).joined(separator: ",")
        result.state["repaired"] = String(gate.repaired)
        return result
    }

    /// `fetch_recipes`: the `k` nearest recipes that are safe for the household and that its youngest
    /// kid is old enough for. Asks for ``overFetch`` × `k`, and while fewer than `k` pass, twice as
    /// many (up to ``maxFetch``) — a household with many allergies still gets a week of dinners when
    /// the corpus holds them. Answers everything fetched (what a model's plan may name) and the picks.
    func fetchSafe(
        _ query: String, check: FoodCheck, youngest: Int?, purees: Bool = false, request: MealRequest = MealRequest()
    ) async throws -> (fetched: [Recipe], safe: [Recipe]) {
        var ask = Self.k * Self.overFetch
        while true {
            try Task.checkCancellation()
            let fetched = try await recipes.recipes(matching: query, k: ask)
            // Purées are baby food: a family's week has them only when the goal asks for them (and
            // then they stand for any meal). Otherwise only recipes for the meal asked for.
            let safe = fetched.filter { recipe in
                guard check.isSafe(recipe) else { return false }
                if recipe.tags.contains("puree") { return purees }
                return request.serves(recipe)
            }
            let suitable = safe.filter { recipe in youngest.map { recipe.minAge <= $0 } ?? true }
            if suitable.count >= Self.k || fetched.count < ask || ask >= Self.maxFetch {
                // Age-suitable ones first; the planner falls back to the others only when none suit.
                // The others youngest-first, so the planner's fallback (a year older) is among the k.
                let others = safe.enumerated().filter { !suitable.contains($0.element) }.sorted { ($0.element.minAge, $0.offset) < ($1.element.minAge, $1.offset) }
                return (fetched, Array((suitable + others.map(\.element)).prefix(Self.k)))
            }
            ask *= 2
        }
    }

    /// Whether the goal asks for baby food ("purées for the baby", "weaning ideas").
    static func asksForPurees(_ goal: String) -> Bool {
        let words = Set(IntentClassifier.words(goal.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)))
        return !words.isDisjoint(with: ["puree", "purees", "pureed", "weaning", "wean", "mash", "mashes"]) || goal.lowercased().contains("baby food")
    }

    /// The allergy-safety block of the synthesis prompt (empty when nothing must be avoided).
    static func safetyBlock(_ household: HouseholdProfile, stated: [String] = []) -> String {
        var rules: [String] = []
        let avoided = CaseInsensitiveText.unique(household.safetyAllergies + stated)
        if !avoided.isEmpty {
            rules.append(
                "ALLERGY SAFETY: this household must avoid \(avoided.joined(separator: ", ")). Use only the recipes listed; never suggest another dish, ingredient, topping or swap."
            )
        }
        if household.kids.contains(where: { $0.age <= 2 }) { rules.append("A child is under 3: no honey and no whole nuts.") }
        return rules.joined(separator: "\n")
    }

    /// The model's query, cleaned (first line, no quotes, at most 120 characters), or the goal.
    static func query(from answer: String, goal: String) -> String {
        let line = answer.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let cleaned = line.trimmingCharacters(in: CharacterSet(charactersIn: "\"'`* ").union(.whitespaces))
        return String((cleaned.isEmpty ? goal : cleaned).prefix(120))
    }

    static func unique(_ recipes: [Recipe]) -> [Recipe] {
        var seen = Set<String>()
        return recipes.filter { seen.insert($0.id).inserted }
    }

    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
