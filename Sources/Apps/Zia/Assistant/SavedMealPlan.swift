import Foundation
import PlatformAPI
import ZiaAPI
import ZiaSafety

/// A saved meal plan's payload as a plan's days, written back with one day changed: the day's
/// meal entry, its line of `plan_text`, the grocery list recomputed for the household from every
/// day's recipe, and `unfit_days`, the kept days whose dish breaks a rule the household holds now.
/// Keys a client added are kept as sent; grocery items no known recipe of the plan explains (a
/// day Zia does not know) stay on the list, unless the day swapped was the only such day.
public struct SavedMealPlan: Sendable {
    public var payload: [String: JSONValue]
    public var revision: PlanRevision
    /// The food rules the plan's goal stated (`goal_rules`), kept for a swapped day as the household's are.
    public var goalRules: [String]

    /// The plan `artifact` holds; nil when it is not a meal plan.
    public init?(_ artifact: Artifact) {
        guard artifact.artifactType == .mealPlan, case .object(let payload) = artifact.payload, case .array(let meals)? = payload["meals"] else { return nil }
        self.payload = payload
        var rules: [String] = []
        if case .array(let listed)? = payload["goal_rules"] {
            for case .string(let rule) in listed { rules.append(rule) }
        }
        goalRules = rules
        revision = PlanRevision(
            days: meals.map { meal in
                let fields: [String: JSONValue] = if case .object(let object) = meal { object } else { [:] }
                let (day, title) = (Self.text(fields["day"]), Self.text(fields["title"]))
                let byID = Self.text(fields["recipe_id"]).isEmpty ? nil : PlanRevision.recipe(id: Self.text(fields["recipe_id"]))
                return PlanRevision.Day(label: day, title: title, recipe: byID ?? PlanRevision.recipe(named: title))
            })
    }

    /// The payload with day `index` on `recipe`, groceries for `household`.
    public func replacing(_ index: Int, with recipe: Recipe, household: HouseholdProfile) -> JSONValue {
        var payload = payload
        var days = revision.days
        let old = days[index]
        days[index].recipe = recipe
        days[index].title = recipe.title
        if case .array(var meals)? = payload["meals"], case .object(var meal) = meals[index] {
            meal["title"] = .string(recipe.title)
            meal["recipe_id"] = .string(recipe.id)
            meals[index] = .object(meal)
            payload["meals"] = .array(meals)
        }
        if case .string(let text)? = payload["plan_text"] {
            payload["plan_text"] = .string(Self.replacingLine(of: old.label, in: text, with: recipe.title))
        }
        payload["grocery"] = .object(
            ["aisles": .object(groceries(after: days, swapped: index, household: household).aisles.mapValues { .array($0.map(Self.json)) })])
        // `unfit_days` is never stored: it is the household's rules of the moment (``checked(for:)``).
        payload.removeValue(forKey: "unfit_days")
        return .object(payload)
    }

    /// The payload with `unfit_days` for `household` as it is now (what `GET /artifacts/{id}` and a swap answer).
    public func checked(for household: HouseholdProfile) -> JSONValue {
        var payload = payload
        Self.mark(&payload, unfit: Self.unfitDays(revision.days, check: FoodCheck(household: household, stated: goalRules)))
        return .object(payload)
    }

    /// The days whose dish breaks `check`, each `{day, title, breaks}`.
    static func unfitDays(_ days: [PlanRevision.Day], check: FoodCheck) -> [JSONValue] {
        days.compactMap { day in
            guard let recipe = day.recipe, case let broken = check.violations(in: recipe), !broken.isEmpty else { return nil }
            return .object([
                "day": .string(day.label), "title": .string(day.title), "breaks": .array(CaseInsensitiveText.unique(broken.map(\.carries)).map(JSONValue.string)),
            ])
        }
    }

    static func mark(_ payload: inout [String: JSONValue], unfit: [JSONValue]) {
        if unfit.isEmpty { payload.removeValue(forKey: "unfit_days") } else { payload["unfit_days"] = .array(unfit) }
    }

    /// The list for `days`: every known recipe scaled to the household, plus the saved items that no
    /// known recipe of the saved plan explains — none when the day swapped (`swapped`) was the only
    /// day Zia did not know, since they were its.
    func groceries(after days: [PlanRevision.Day], swapped: Int, household: HouseholdProfile) -> GroceryList {
        let explained = Set(revision.days.compactMap(\.recipe).flatMap(\.ingredients).map { GroceryNames.key($0.name) })
        let unknown = revision.days.indices.filter { revision.days[$0].recipe == nil }
        var kept: [GroceryEntry] = []
        if unknown != [swapped], case .object(let grocery)? = payload["grocery"], case .object(let aisles)? = grocery["aisles"] {
            for (aisle, items) in aisles.sorted(by: { $0.key < $1.key }) {
                guard case .array(let items) = items else { continue }
                for case .object(let item) in items where !explained.contains(GroceryNames.key(Self.text(item["name"]))) {
                    let quantity: Double? = if case .number(let amount)? = item["quantity"] { amount } else { nil }
                    let unit = Self.text(item["unit"])
                    kept.append(GroceryEntry(name: Self.text(item["name"]), quantity: quantity, unit: unit.isEmpty ? nil : unit, aisle: GroceryAisle(rawValue: aisle)))
                }
            }
        }
        let recipes = days.compactMap(\.recipe).map { Servings.scale($0, for: household) }
        return GroceryConsolidator.consolidate(
            recipes.flatMap(\.ingredients).map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit, aisle: $0.aisle) } + kept)
    }

    /// `text` with the line of `label` ("Tuesday: …", after list marks) naming `title` instead.
    static func replacingLine(of label: String, in text: String, with title: String) -> String {
        var replaced = false
        let lines = text.components(separatedBy: "\n").map { line -> String in
            guard !replaced, let colon = line.firstIndex(of: ":") else { return line }
            let head = line[..<colon]
            guard head.drop(while: { $0.isWhitespace || "-*•#".contains($0) }).trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(label) == .orderedSame
            else { return line }
            replaced = true
            return String(head) + ": " + title
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ value: JSONValue?) -> String {
        if case .string(let text)? = value { text } else { "" }
    }

    static func json(_ item: GroceryList.Item) -> JSONValue {
        .object(["name": .string(item.name), "quantity": item.quantity.map(JSONValue.number) ?? .null, "unit": item.unit.map(JSONValue.string) ?? .null])
    }
}
