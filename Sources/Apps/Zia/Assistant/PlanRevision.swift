import Foundation
import ZiaAPI
import ZiaCorpus
import ZiaSafety

/// Changes some days of a meal plan the family already has and keeps the others exactly: a saved
/// plan's swapped day (`POST /artifacts/{id}/swap`) and a follow-up in the conversation ("make it
/// vegetarian", "no fish on Friday", "swap Monday") both revise a plan this way, so a day is
/// changed by the same rules wherever it is changed.
public struct PlanRevision: Sendable {
    /// One day of a plan: its label, the dish as the plan names it, and its recipe when Zia knows it.
    public struct Day: Sendable, Equatable {
        public var label: String
        public var title: String
        public var recipe: Recipe?

        public init(label: String, title: String, recipe: Recipe?) {
            self.label = label
            self.title = title
            self.recipe = recipe
        }
    }

    public var days: [Day]

    public init(days: [Day]) {
        self.days = days
    }

    /// The shipped recipes by id, and by lower-cased title.
    static let byID = Dictionary(RecipeCorpus.shipped.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    static let byTitle = Dictionary(RecipeCorpus.shipped.map { ($0.title.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    /// The shipped recipe of `id`, if there is one.
    public static func recipe(id: String) -> Recipe? { byID[id] }

    /// The shipped recipe a plan line's dish names: its exact title, else the longest title it holds.
    public static func recipe(named title: String) -> Recipe? {
        let lowered = title.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = byTitle[lowered] { return exact }
        return OutputGate.resolve(lowered, in: RecipeCorpus.shipped)
    }

    /// The index of the day labelled `label` (any case; "tonight" for "Today"), or nil.
    public func index(of label: String) -> Int? {
        let wanted = label.trimmingCharacters(in: .whitespaces).lowercased()
        if let index = days.firstIndex(where: { $0.label.lowercased() == wanted }) { return index }
        if let full = PlanFollowUp.dayNames[wanted] { return days.firstIndex { $0.label.lowercased() == full } }
        return nil
    }

    /// The meal the plan is of: the one most of its known recipes serve (dinner when it knows none).
    public var meal: MealType {
        let known = days.compactMap(\.recipe)
        let order: [MealType] = [.dinner, .breakfast, .lunch, .snack]
        return order.max { a, b in
            let (countA, countB) = (known.filter(MealRequest(meal: a).serves).count, known.filter(MealRequest(meal: b).serves).count)
            return countA != countB ? countA < countB : order.firstIndex(of: a)! > order.firstIndex(of: b)!
        } ?? .dinner
    }

    /// A recipe for each day in `changing` (its index, and the check the new dish must pass: the
    /// plan's rules and the day's own), drawn from `candidates` in order through `planner` (the
    /// household's cuisines first, varied): never a dish the plan is dropping, nor one another day
    /// keeps or gets. A day with no such candidate is left out of the answer.
    public func replacements(changing: [Int: FoodCheck], candidates: [Recipe], planner: WeekPlanner) -> [Int: Recipe] {
        let dropped = Set(changing.keys.compactMap { days[$0].recipe?.id })
        var used = Set(days.indices.filter { changing[$0] == nil }.compactMap { days[$0].recipe?.id })
        var picks: [Int: Recipe] = [:]
        for index in changing.keys.sorted() {
            guard let check = changing[index] else { continue }
            let pool = candidates.filter { !dropped.contains($0.id) && !used.contains($0.id) && check.isSafe($0) && planner.suits($0) }
            guard let pick = planner.plan(pool.map(AgentBrief.RecipeSummary.init), count: 1, avoiding: used).first,
                let recipe = pool.first(where: { $0.id == pick.id })
            else { continue }
            picks[index] = recipe
            used.insert(recipe.id)
        }
        return picks
    }
}
