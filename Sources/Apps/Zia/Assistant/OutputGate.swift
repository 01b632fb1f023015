import Foundation
import ZiaAPI
import ZiaSafety

/// Stands between a model's streamed text and the client: text is released a line at a time (as
/// word deltas), each line with PII redacted (``SafetyScreen/postcheck(_:)``) — a phone number
/// split across deltas is still caught. For a meal plan each line is also checked: a day line
/// ("Tuesday: …") must name a recipe the engine retrieved whose every ingredient passes the
/// household's ``FoodCheck``, and the line's own words must pass it too; otherwise the day is
/// replaced by a safe recipe (the plan is *repaired*). Any other line naming an allergen is left
/// out, and a dinner repeated while unused safe recipes remain is replaced too. Days the model did
/// not give are added from the safe recipes. Every other agent's lines (routines, chores, answers)
/// pass the same ``FoodCheck``: a line offering what the household's rules exclude (honey for a
/// baby, peanut-butter toast for a peanut allergy, bacon for a halal family) is left out, and a
/// closing note says so. So nothing unsafe is shown, whatever the model answered.
final class OutputGate {
    /// What a meal plan's lines are checked against.
    struct MealPlanRules {
        /// Every recipe retrieved (safe or not), by id: what a day line may name.
        let known: [Recipe]
        /// The safe recipes, in retrieval order: what repairs draw from.
        let safe: [Recipe]
        let check: FoodCheck
        let planner: WeekPlanner
        let days: Int
        /// Each day's label ("Monday", …, or "Today"): the line the gate writes for a day.
        var labels: [String] = WeekPlanner.days
        /// The plan itself, one recipe a day, when it is decided before the model writes it (a
        /// revised plan): each day line must name its day's recipe, or is written with it.
        var fixed: [Recipe]? = nil
        /// The label of day `index`.
        func label(_ index: Int) -> String { labels.isEmpty ? WeekPlanner.days[index % 7] : labels[index % labels.count] }
    }

    let screen: SafetyScreen
    /// The household's food check for lines that are not a meal plan's.
    let food: FoodCheck?
    let rules: MealPlanRules?
    private var pending = ""
    /// What the lines left out offered (for the closing note).
    private var leftOut: [String] = []
    private(set) var lines: [String] = []
    /// The plan's dinners, in day order.
    private(set) var planned: [Recipe] = []
    /// Whether any line was replaced, dropped or added.
    private(set) var repaired = false

    init(screen: SafetyScreen, food: FoodCheck? = nil, rules: MealPlanRules? = nil) {
        self.screen = screen
        self.food = food
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
                out += emit(WeekPlanner.line(label: rules.label(planned.count), title: recipe.title))
                planned.append(recipe)
            }
        } else if !leftOut.isEmpty {
            out += emit(Self.note(leftOut))
        }
        return out
    }

    /// The closing note of an answer whose lines were left out.
    static func note(_ leftOut: [String]) -> String {
        let what = CaseInsensitiveText.unique(leftOut.map { $0.replacingOccurrences(of: "_", with: " ") }).joined(separator: ", ")
        return "(I left out a suggestion that doesn't fit your family's food rules: \(what).)"
    }

    private func release(_ raw: String) -> [String] {
        let line = screen.postcheck(raw)
        guard let rules else {
            if let food, case let found = food.violations(inText: line), !found.isEmpty {
                repaired = true
                leftOut += found.map(\.carries)
                return []
            }
            return emit(line)
        }
        let lineIsSafe = rules.check.violations(inText: line).isEmpty
        guard Self.day(of: line, labels: rules.labels) != nil else {
            if lineIsSafe { return emit(line) }
            repaired = true
            return []
        }
        guard planned.count < rules.days else {
            repaired = true
            return []
        }
        // A day may name only a recipe the engine picked as fit (safe, for this meal, no purée unless
        // asked) that suits the youngest kid; any other retrieved recipe is replaced.
        if lineIsSafe, let recipe = Self.resolve(line, in: rules.known), rules.safe.contains(where: { $0.id == recipe.id }), rules.check.isSafe(recipe),
            rules.planner.suits(recipe), rules.fixed.map({ planned.count < $0.count && $0[planned.count].id == recipe.id }) ?? !repeats(recipe, rules)
        {
            let label = rules.label(planned.count)
            planned.append(recipe)
            // A line under another day's label is written under this one's ("Monday:" for "Today").
            return emit(Self.starts(line, with: label) ? line : WeekPlanner.line(label: label, title: recipe.title))
        }
        repaired = true
        guard let recipe = replacement(rules) else { return [] }
        planned.append(recipe)
        return emit(WeekPlanner.line(label: rules.label(planned.count - 1), title: recipe.title))
    }

    /// Whether `recipe` is already in the plan while safe recipes not yet used remain.
    private func repeats(_ recipe: Recipe, _ rules: MealPlanRules) -> Bool {
        let used = Set(planned.map(\.id))
        return used.contains(recipe.id) && rules.safe.contains { !used.contains($0.id) }
    }

    private func replacement(_ rules: MealPlanRules) -> Recipe? {
        if let fixed = rules.fixed { return planned.count < fixed.count ? fixed[planned.count] : nil }
        let used = Set(planned.map(\.id))
        guard let pick = rules.planner.plan(rules.safe.map(AgentBrief.RecipeSummary.init), count: 1, avoiding: used).first else { return nil }
        return rules.safe.first { $0.id == pick.id }
    }

    private func emit(_ line: String) -> [String] {
        defer { lines.append(line) }
        return WordDeltas.split((lines.isEmpty ? "" : "\n") + line)
    }

    /// Whether a plan line starts with `label` (after list marks).
    static func starts(_ line: String, with label: String) -> Bool {
        line.drop { $0.isWhitespace || "-*•#0123456789.)".contains($0) }.lowercased().hasPrefix(label.lowercased())
    }

    /// The weekday (or one of `labels`, "Today") a plan line starts with (after list marks), or nil.
    static func day(of line: String, labels: [String] = []) -> Int? {
        let trimmed = line.drop { $0.isWhitespace || "-*•#0123456789.)".contains($0) }.lowercased()
        if let index = labels.firstIndex(where: { trimmed.hasPrefix($0.lowercased()) }) { return index }
        return (WeekPlanner.days + ["Today", "Tonight", "Tomorrow"]).firstIndex { trimmed.hasPrefix($0.lowercased()) }
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
