import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// Plans the meals a goal asks for (``MealRequest``: a week of dinners by default; breakfasts,
/// lunches or snacks; five weeknights, a weekend or one meal): planning (a search query, temperature 0.1), retrieval
/// (`fetch_recipes`: k = 8, over-fetched ×3 so 8 safe ones remain after the allergen filter),
/// synthesis (docs/zia.md, "The four agents": the prompt with the household and an allergy-safety block, temperature 0.3),
/// then the deterministic allergen check of every recipe and grocery item before anything is
/// returned. Token limits: 48 for the query (a short line), 600 for the plan (7 dinner lines with a
/// sentence each, an opening and a closing: ~250 tokens, with room for a model's wordiness) —
/// planning and synthesis fit the run's 2,000 tokens with the prompts' ~900. A follow-up to the
/// last plan (``PlanFollowUp``) revises it instead: the days that still fit stay, the others get
/// fit recipes (``PlanRevision``), the model is asked to write exactly that plan, and a line says
/// what changed.
struct MealPlannerAgent: Agent {
    let recipes: any RecipeRetriever

    static let k = 8
    static let days = 7
    static let planningTokens = 48
    static let synthesisTokens = 600

    func run(_ context: AgentContext) async throws -> AgentResult {
        // Cuisines the family's memories name (a saved plan's `meal_cuisine_…`) join its preferred ones.
        let household = RememberedCuisines.preferring(context.input.memories, in: context.household)
        let check = context.food
        // A follow-up changes the last plan's days ("swap Monday"); the others stay as they were.
        let revision = context.followUp.map { followUp in
            PlanRevision(days: followUp.previous.map { PlanRevision.Day(label: $0.label, title: $0.title, recipe: PlanRevision.recipe(named: $0.title)) })
        }
        // Breakfast, lunch, dinner or snack, for a week, five weeknights, a weekend or one meal.
        let request = revision.map { MealRequest(meal: $0.meal, days: $0.days.count) } ?? MealRequest.read(context.goal)
        let labels = revision?.days.map(\.label) ?? request.labels
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
        // A revision draws its new days from more recipes: the kept days and the dropped ones are not candidates.
        let (fetched, found) = try await RecipeFinder(recipes: recipes).find(
            query, want: Self.k + (revision?.days.count ?? 0), check: check, youngest: WeekPlanner.planningAge(context.kidAges),
            purees: Self.asksForPurees(context.goal), request: request)
        let planner = WeekPlanner(cuisines: household.cuisines, kidAges: context.kidAges)
        var safe = Array(found.prefix(Self.k))
        var fixed: [Recipe]?
        var changes = ""
        if let revision, let followUp = context.followUp {
            guard let revised = Self.revise(revision, followUp, candidates: found, check: check, context: context, request: request, planner: planner) else {
                result.refusal = AssistRefusal(
                    reason: "unsafe_plan", refusalText: "I couldn't find other recipes that fit those days for everyone in your household. Try asking for different dishes.")
                return result
            }
            fixed = revised.plan
            changes = revised.note
            safe = Self.unique(revised.plan + found)
            result.state["changed_days"] = revised.changed.map { labels[$0] }.joined(separator: ",")
        }
        try await context.progress(.toolResult(count: safe.count))
        result.state["retrieved_ids"] = safe.map(\.id).joined(separator: ",")
        guard !safe.isEmpty else {
            result.refusal = AssistRefusal(
                reason: "unsafe_plan", refusalText: "I couldn't find recipes that are safe for everyone in your household. Try asking for different dishes.")
            return result
        }

        context.ledger.ran("synthesis")
        let titles = safe.map(\.title).joined(separator: ", ")
        let dayLines =
            "one line per day for \(request.days) day\(request.days == 1 ? "" : "s"), each \"\(labels[0]): <exact recipe title>\" (days: \(labels.joined(separator: ", ")))"
        let task =
            fixed.map { plan in
                "The family changed their plan. Write one opening line, then exactly these lines:\n"
                    + plan.enumerated().map { WeekPlanner.line(label: labels[$0.offset], title: $0.element.title) }.joined(separator: "\n")
                    + "\nthen one closing line."
            } ?? "Write one opening line, then \(dayLines), then one closing line."
        let synthesis = context.request(
            system: "You are Zia, a warm family meal planner. You only plan with the recipes you are given.",
            instructions: """
                Create a concise plan of \(request.spoken) using these recipe titles: \(titles).
                Tone: family-friendly, encouraging.
                User goal: \(context.goal)
                Household: \(Self.json(AgentBrief.HouseholdSummary(household)))
                \(Self.safetyBlock(household, stated: context.stated))
                \(task)
                """,
            brief: AgentBrief(
                task: .mealPlan, goal: context.goal, household: household, days: request.days, meal: request.meal, labels: labels, recipes: fixed ?? safe,
                fixed: fixed == nil ? nil : true),
            temperature: 0.3, maxTokens: Self.synthesisTokens)
        let gate = OutputGate(
            screen: context.screen,
            rules: .init(known: Self.unique(fetched + safe), safe: safe, check: check, planner: planner, days: request.days, labels: labels, fixed: fixed))
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
        if !changes.isEmpty {
            let addition = "\n" + changes
            try await context.say(addition)
            result.text += addition
        }
        // A family with a baby or toddler eats the same dinners; each day says how to adapt theirs.
        let notes = BabyPortions.notes(for: plan, kids: context.household.kids, labels: labels)
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

    /// A follow-up's plan: each day kept when it still fits (the run's rules, the day's own, the
    /// meal, the youngest) and was not asked to change, else a fit candidate; with the line that
    /// says what changed. Nil when a day that no longer fits has no fit candidate (a day asked to
    /// change with none keeps its dish, and the line says so).
    static func revise(
        _ revision: PlanRevision, _ followUp: PlanFollowUp, candidates: [Recipe], check: FoodCheck, context: AgentContext, request: MealRequest, planner: WeekPlanner
    ) -> (plan: [Recipe], changed: [Int], note: String)? {
        var changing: [Int: FoodCheck] = [:]
        var mustChange = Set<Int>()
        for (index, day) in revision.days.enumerated() {
            let dayCheck =
                followUp.dayRules[index].map {
                    FoodCheck(restrictions: context.household.safetyAllergies, kidAges: context.kidAges, stated: context.stated + $0)
                } ?? check
            let fits = day.recipe.map { RecipeFinder.fits($0, check: dayCheck, request: request, purees: true) && planner.suits($0) } ?? false
            if !fits { mustChange.insert(index) }
            if !fits || followUp.swapped.contains(index) { changing[index] = dayCheck }
        }
        let picks = revision.replacements(changing: changing, candidates: candidates, planner: planner)
        guard mustChange.allSatisfy({ picks[$0] != nil }) else { return nil }
        let plan = revision.days.indices.map { picks[$0] ?? revision.days[$0].recipe! }
        let changed = picks.keys.sorted()
        let unchanged = changing.keys.sorted().filter { picks[$0] == nil }.map { revision.days[$0].label }
        var parts: [String] = []
        if changed.isEmpty, unchanged.isEmpty {
            parts.append("Every day already fits that, so the plan stays as it was.")
        } else if !changed.isEmpty {
            let named = changed.map { index in
                let rules = followUp.dayRules[index] ?? []
                return revision.days[index].label + (rules.isEmpty ? "" : " (\(rules.joined(separator: ", ")))")
            }
            parts.append(changed.count == revision.days.count ? "I changed every day." : "I changed \(BabyPortions.list(named)); the other days stay as they were.")
        }
        if !unchanged.isEmpty { parts.append("I found nothing else that fits for \(BabyPortions.list(unchanged)), so \(unchanged.count == 1 ? "it stays" : "they stay").") }
        return (plan, changed, parts.joined(separator: " "))
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
