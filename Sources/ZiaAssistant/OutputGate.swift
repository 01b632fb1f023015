import Foundation
import ZiaAPI
import ZiaSafety

/// Stands between a model's streamed text and the client: text is released a line at a time (as
/// word deltas), each line with PII redacted (``SafetyScreen/postcheck(_:)``) — a phone number
/// split across deltas is still caught. For a meal plan each line is also checked: a day line
/// ("Tuesday: …") must name a recipe the engine retrieved whose every ingredient passes the
/// household's ``AllergenCheck``, and the line's own words must pass it too; otherwise the day is
/// replaced by a safe recipe (the plan is *repaired*). Any other line naming an allergen is left
/// out, and a dinner repeated while unused safe recipes remain is replaced too. Days the model did
/// not give are added from the safe recipes. So nothing unsafe is shown,
/// whatever the model answered.
final class OutputGate {
    /// What a meal plan's lines are checked against.
    struct MealPlanRules {
        /// Every recipe retrieved (safe or not), by id: what a day line may name.
        let known: [Recipe]
        /// The safe recipes, in retrieval order: what repairs draw from.
        let safe: [Recipe]
        let check: AllergenCheck
        let planner: WeekPlanner
        let days: Int
    }

    let screen: SafetyScreen
    let rules: MealPlanRules?
    private var pending = ""
    private(set) var lines: [String] = []
    /// The plan's dinners, in day order.
    private(set) var planned: [Recipe] = []
    /// Whether any line was replaced, dropped or added.
    private(set) var repaired = false

    init(screen: SafetyScreen, rules: MealPlanRules? = nil) {
        self.screen = screen
        self.rules = rules
    }

    var text: String { lines.joined(separator: "\n") }

    /// Takes a delta; returns the deltas to send now.
    func feed(_ delta: String) -> [String] {
        pending += delta
        var out: [String] = []
        while let newline = pending.firstIndex(of: "\n") {
            let line = String(pending[..<newline])
            pending = String(pending[pending.index(after: newline)...])
            out += release(line)
        }
        return out
    }

    /// Releases what is left; for a meal plan, adds the days still missing.
    func finish() -> [String] {
        var out: [String] = []
        if !pending.isEmpty { out += release(pending) }
        pending = ""
        if let rules {
            while planned.count < rules.days, let recipe = replacement(rules) {
                repaired = true
                out += emit(WeekPlanner.line(day: planned.count, title: recipe.title))
                planned.append(recipe)
            }
        }
        return out
    }

    private func release(_ raw: String) -> [String] {
        let line = screen.postcheck(raw)
        guard let rules else { return emit(line) }
        let lineIsSafe = rules.check.violations(inIngredient: line).isEmpty
        guard Self.day(of: line) != nil else {
            if lineIsSafe { return emit(line) }
            repaired = true
            return []
        }
        guard planned.count < rules.days else {
            repaired = true
            return []
        }
        if lineIsSafe, let recipe = Self.resolve(line, in: rules.known), rules.check.isSafe(recipe), !repeats(recipe, rules) {
            planned.append(recipe)
            return emit(line)
        }
        repaired = true
        guard let recipe = replacement(rules) else { return [] }
        planned.append(recipe)
        return emit(WeekPlanner.line(day: planned.count - 1, title: recipe.title))
    }

    /// Whether `recipe` is already in the plan while safe recipes not yet used remain.
    private func repeats(_ recipe: Recipe, _ rules: MealPlanRules) -> Bool {
        let used = Set(planned.map(\.id))
        return used.contains(recipe.id) && rules.safe.contains { !used.contains($0.id) }
    }

    private func replacement(_ rules: MealPlanRules) -> Recipe? {
        let used = Set(planned.map(\.id))
        guard let pick = rules.planner.plan(rules.safe.map(AgentBrief.RecipeSummary.init), count: 1, avoiding: used).first else { return nil }
        return rules.safe.first { $0.id == pick.id }
    }

    private func emit(_ line: String) -> [String] {
        defer { lines.append(line) }
        return WordDeltas.split((lines.isEmpty ? "" : "\n") + line)
    }

    /// The weekday a plan line starts with (after list marks), or nil.
    static func day(of line: String) -> Int? {
        let trimmed = line.drop { $0.isWhitespace || "-*•#0123456789.)".contains($0) }.lowercased()
        return WeekPlanner.days.firstIndex { trimmed.hasPrefix($0.lowercased()) }
    }

    /// The recipe a line names: by `[id]`, else the longest title the line contains.
    static func resolve(_ line: String, in recipes: [Recipe]) -> Recipe? {
        let lowered = line.lowercased()
        if let open = lowered.lastIndex(of: "["), let close = lowered[open...].firstIndex(of: "]") {
            let id = String(lowered[lowered.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
            if let recipe = recipes.first(where: { $0.id.lowercased() == id }) { return recipe }
        }
        return recipes.filter { lowered.contains($0.title.lowercased()) }.max { $0.title.count < $1.title.count }
    }
}
