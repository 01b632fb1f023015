import Foundation

/// What a finished answer can be saved as: the card a chat shows under the assistant's message
/// (docs/zia.md, "Assistant stream and chat"), with a title, a one-line summary and the artifact it saves.
/// Exists so the chat and the feature screens detect a result's kind one way — from `final.meta`'s
/// intent and the structured result that came with it — and save exactly what the server checks
/// (``ArtifactPayloadShape``).
public struct ArtifactCard: Sendable, Equatable {
    public var type: ArtifactType
    public var title: String
    /// What the card lists: "7 dinners · 23 groceries", "6 steps · 45 min", "5 chores · weekly".
    public var summary: String
    /// The body of `POST /zia/v1/artifacts` that saves it (untitled: the server names it).
    public var body: NewArtifact

    /// The card for `final`, or nil when the answer is not a plan (a generic answer, or an agent's
    /// result that came without its structure).
    public init?(_ final: AssistFinal) {
        switch final.meta.intent {
        case .mealPlanning:
            guard let grocery = final.grocery, let text = final.planText ?? Optional(final.text) else { return nil }
            let meals = Self.meals(in: text, recipes: final.recipes ?? [])
            guard !meals.isEmpty else { return nil }
            let items = grocery.aisles.values.reduce(0) { $0 + $1.count }
            self.init(
                type: .mealPlan, title: "Meal plan", summary: "\(meals.count) \(Self.mealWord(final.recipes ?? [], count: meals.count)) · \(items) groceries",
                payload: [
                    "plan_text": .string(text),
                    "meals": .array(
                        meals.map { meal in
                            .object(["day": .string(meal.day), "title": .string(meal.title), "recipe_id": meal.recipeID.map(JSONValue.string) ?? .null])
                        }),
                    "grocery": .object(["aisles": .object(grocery.aisles.mapValues { .array($0.map(Self.json)) })]),
                    // The goal's food rules, so a day swapped later keeps them.
                    "goal_rules": .array((final.goalRules ?? []).map(JSONValue.string)),
                ])
        case .routines:
            guard let routine = final.routine, !routine.steps.isEmpty else { return nil }
            self.init(
                type: .bedtimeRoutine, title: "\(routine.type.capitalized) routine", summary: "\(routine.steps.count) steps · \(routine.totalMinutes) min",
                payload: [
                    "plan_text": .string(final.text), "routine_type": .string(routine.type), "total_minutes": .number(Double(routine.totalMinutes)),
                    "steps": .array(
                        routine.steps.map { .object(["time": .string($0.time), "title": .string($0.title), "minutes": .number(Double($0.minutes))]) }),
                ])
        case .chores:
            guard let chores = final.chores, !chores.schedule.isEmpty else { return nil }
            self.init(
                type: .chorePlan, title: "\(chores.choreType.capitalized) plan", summary: "\(chores.schedule.count) chores · \(chores.frequency)",
                payload: [
                    "plan_text": .string(final.text), "chore_type": .string(chores.choreType), "frequency": .string(chores.frequency),
                    "schedule": .array(
                        chores.schedule.map {
                            .object(["day": .string($0.day), "task": .string($0.task), "assignee": .string($0.assignee), "minutes": .number(Double($0.minutes))])
                        }),
                ])
        case .generic:
            return nil
        }
    }

    /// The headers a save is sent with: a fresh `Idempotency-Key`, so a save retried after a lost
    /// answer is created once.
    public static func saveHeaders() -> [String: String] {
        [PreconditionHeaders.idempotencyKey: UUID().uuidString]
    }

    private init(type: ArtifactType, title: String, summary: String, payload: [String: JSONValue]) {
        self.type = type
        self.title = title
        self.summary = summary
        // No title: the server names a saved plan from its contents and date ("Meal plan for the
        // week of Nov 23"), better than the card's kind repeated on every plan.
        self.body = NewArtifact(artifactType: type, payload: .object(payload))
    }

    /// One day of a meal plan: the weekday, the dish, and its recipe when the plan names one it sent.
    public struct Meal: Sendable, Equatable {
        public var day: String
        public var title: String
        public var recipeID: String?

        public init(day: String, title: String, recipeID: String? = nil) {
            self.day = day
            self.title = title
            self.recipeID = recipeID
        }
    }

    /// "dinners", "breakfasts", "lunch": what a plan of `count` meals from `recipes` holds (the
    /// meal most of them are tagged with; dinner when none is).
    static func mealWord(_ recipes: [Recipe], count: Int) -> String {
        let meals = ["breakfast", "lunch", "snack"]
        let best = meals.max { a, b in recipes.filter { $0.tags.contains(a) }.count < recipes.filter { $0.tags.contains(b) }.count }
        let meal = best.flatMap { best in recipes.filter { $0.tags.contains(best) }.count * 2 > recipes.count ? best : nil } ?? "dinner"
        if count == 1 { return meal }
        return meal == "lunch" ? "lunches" : meal + "s"
    }

    /// The plan's `Monday: <recipe title>` lines (the meal agent writes one per day; `Today:` for one meal), each matched
    /// to the recipe of that title when there is one.
    public static func meals(in planText: String, recipes: [Recipe]) -> [Meal] {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today"]
        return planText.split(whereSeparator: \.isNewline).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let day = line[..<colon].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "-*•"))
                .trimmingCharacters(in: .whitespaces)
            let title = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard days.contains(day.lowercased()), !title.isEmpty else { return nil }
            let recipe = recipes.first { $0.title.caseInsensitiveCompare(title) == .orderedSame }
            return Meal(day: day, title: String(title.prefix(100)), recipeID: recipe?.id)
        }
    }

    private static func json(_ item: GroceryList.Item) -> JSONValue {
        .object(["name": .string(item.name), "quantity": item.quantity.map(JSONValue.number) ?? .null, "unit": item.unit.map(JSONValue.string) ?? .null])
    }
}
