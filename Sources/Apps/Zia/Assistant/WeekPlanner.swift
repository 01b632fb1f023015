import Foundation
import ZiaAPI

/// Picks a week of dinners from candidate recipes, deterministically: only recipes the youngest kid
/// is old enough for (a baby counts as 1: ``planningAge(_:)``; when too few are, those for a year
/// older too; all candidates when none is), the household's preferred cuisines first, then
/// one cuisine after another so the week is varied, kid-friendly recipes first within a cuisine
/// when there are kids, and no recipe twice unless there are fewer candidates than days. The
/// offline model plans with it, and the engine fills or repairs a model's plan with it.
public struct WeekPlanner: Sendable {
    public static let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    public var cuisines: [String]
    public var kidAges: [Int]

    public init(cuisines: [String], kidAges: [Int]) {
        self.cuisines = cuisines.map { $0.lowercased() }
        self.kidAges = kidAges
    }

    /// `count` picks from `candidates` (in retrieval order), avoiding ids in `used` while others remain.
    public func plan(_ candidates: [AgentBrief.RecipeSummary], count: Int = 7, avoiding used: Set<String> = []) -> [AgentBrief.RecipeSummary] {
        guard count > 0 else { return [] }
        var pool = candidates
        if let youngest = Self.planningAge(kidAges) {
            var suitable = pool.filter { $0.minAge <= youngest }
            // Too few for the days: recipes for a year older come next (the portion notes adapt them
            // for a baby or toddler) before any repeats.
            if Set(suitable.filter { !used.contains($0.id) }.map(\.id)).count < count { suitable += pool.filter { $0.minAge == youngest + 1 } }
            if !suitable.isEmpty { pool = suitable }
            pool = pool.enumerated().sorted { ($0.element.kidFriendly ? 0 : 1, $0.offset) < ($1.element.kidFriendly ? 0 : 1, $1.offset) }.map(\.element)
        }
        var seen = Set<String>()
        pool = pool.filter { seen.insert($0.id).inserted }
        let fresh = pool.filter { !used.contains($0.id) }
        let ordered = roundRobin(fresh.isEmpty ? pool : fresh)
        guard !ordered.isEmpty else { return [] }
        return (0..<count).map { ordered[$0 % ordered.count] }
    }

    /// Preferred cuisines first (in the household's order), then the others as they come; one
    /// recipe of each cuisine in turn.
    func roundRobin(_ recipes: [AgentBrief.RecipeSummary]) -> [AgentBrief.RecipeSummary] {
        var groups: [String: [AgentBrief.RecipeSummary]] = [:]
        var order: [String] = []
        for recipe in recipes {
            let cuisine = recipe.cuisine.lowercased()
            if groups[cuisine] == nil { order.append(cuisine) }
            groups[cuisine, default: []].append(recipe)
        }
        order = order.filter(cuisines.contains).sorted { cuisines.firstIndex(of: $0)! < cuisines.firstIndex(of: $1)! } + order.filter { !cuisines.contains($0) }
        var result: [AgentBrief.RecipeSummary] = []
        var round = 0
        while result.count < recipes.count {
            for cuisine in order where round < groups[cuisine]!.count { result.append(groups[cuisine]![round]) }
            round += 1
        }
        return result
    }

    /// Whether a recipe may be served to the household's youngest: made for their planning age, or
    /// a year older (the fallback ``plan(_:count:avoiding:)`` reaches for).
    public func suits(_ recipe: Recipe) -> Bool {
        guard let youngest = Self.planningAge(kidAges) else { return true }
        return recipe.minAge <= youngest + 1
    }

    /// The age every dinner must suit: the youngest kid's, but at least 1 — a baby shares the
    /// family's dinners, adapted (``BabyPortions``), rather than turning the week into purées.
    public static func planningAge(_ kidAges: [Int]) -> Int? { kidAges.min().map { max(1, $0) } }

    /// The plan's text lines: "Monday: Lemon Chicken Orzo", one a day, in order.
    public static func line(day: Int, title: String) -> String { "\(days[day % days.count]): \(title)" }

    /// A plan line under any label ("Today: Veggie Omelette").
    public static func line(label: String, title: String) -> String { "\(label): \(title)" }
}
