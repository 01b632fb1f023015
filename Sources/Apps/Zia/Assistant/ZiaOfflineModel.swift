import AIProviders
import Foundation
import ZiaAPI
import ZiaSafety

/// Zia's offline model for `zia.planning`, `zia.synthesis` and `zia.safety_critical`: rule-based
/// and deterministic, answering from the ``AgentBrief`` in the prompt exactly what a real model is
/// asked for — a search query, a week of dinners (``WeekPlanner``), a routine or chore schedule
/// written out, an answer from the retrieved articles. It streams word by word like a model, and
/// reports as usage the prompt's estimate in and its words out (it costs nothing).
public struct ZiaOfflineModel: LanguageModel {
    public let provider = "offline"
    public let model = "zia-rules-v1"

    public init() {}

    /// Words a search query leaves out.
    static let stopwords: Set<String> = [
        "a", "an", "the", "for", "of", "to", "and", "or", "with", "my", "our", "we", "i", "me", "please", "plan", "make", "some", "ideas", "idea", "can", "you",
        "give", "help", "want", "need", "this", "that", "is", "are", "be", "in", "on", "at", "it", "week", "weekly", "meal", "meals", "what", "should", "could",
        "would", "like", "us", "family", "kids", "kid", "up", "create", "something", "next", "all", "son", "sons", "daughter", "daughters", "husband",
        "wife", "partner",
    ]
    /// Diets a goal names: searched for, as what the family eats.
    static let dietWords: Set<String> = ["vegetarian", "vegan", "pescatarian", "pescetarian", "halal", "kosher", "plant based", "meatless", "meat free"]
    /// Words that say what a family cannot eat, never what to search for.
    static let allergyWords: Set<String> = ["allergic", "allergy", "allergies", "intolerant", "intolerance", "sensitive", "cant", "cannot", "eat"]
    /// Words after which the next word is one to avoid, never to search for ("no nuts").
    static let negations: Set<String> = ["no", "not", "without", "avoid", "except", "free"]

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        let text = answer(request)
        return Completion(
            text: text, usage: TokenUsage(inputTokens: request.estimatedInputTokens, outputTokens: WordDeltas.split(text).count), model: model, finishReason: "stop")
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let completion = try await complete(request)
                    for delta in WordDeltas.split(completion.text) {
                        try Task.checkCancellation()
                        continuation.yield(.delta(delta))
                    }
                    continuation.yield(.done(completion))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func answer(_ request: CompletionRequest) -> String {
        guard let brief = AgentBrief.find(in: request) else {
            return "I can help with meal plans, routines, chores and parenting questions. Tell me a little more about what you need."
        }
        switch brief.task {
        case .searchQuery: return Self.searchQuery(goal: brief.goal, cuisines: brief.household.cuisines, meal: brief.meal ?? .dinner)
        case .mealPlan: return Self.mealPlan(brief)
        case .routine: return brief.routine.map(Self.routine) ?? "I couldn't build that routine."
        case .chores: return brief.chores.map(Self.chores) ?? "I couldn't build that chore schedule."
        case .answer: return Self.answer(brief.articles ?? [])
        }
    }

    /// The goal's content words (not the ones after "no"/"without"), then the preferred cuisines,
    /// then "kid friendly" and the meal ("dinner"): at most 10 words.
    static func searchQuery(goal: String, cuisines: [String], meal: MealType = .dinner) -> String {
        var words: [String] = []
        var skipNext = false
        // What the goal rules out is never searched for ("allergic to sesame", "no mushrooms"); a diet is ("vegetarian").
        let ruledOut = Set(StatedRules.read(goal).filter { !dietWords.contains($0) }.flatMap(IntentClassifier.words)).union(allergyWords)
        for word in IntentClassifier.words(goal) {
            defer { skipNext = negations.contains(word) }
            guard !skipNext, !negations.contains(word), !stopwords.contains(word), !ruledOut.contains(word), !words.contains(word) else { continue }
            words.append(word)
        }
        words += cuisines.map { $0.lowercased() }.filter { !words.contains($0) }
        words += ["kid", "friendly", meal.rawValue].filter { !words.contains($0) }
        return words.prefix(10).joined(separator: " ")
    }

    static func mealPlan(_ brief: AgentBrief) -> String {
        let request = MealRequest(meal: brief.meal ?? .dinner, days: brief.days ?? 7)
        let labels = brief.labels ?? request.labels
        // A revised plan is written as it is; otherwise the planner picks from the recipes.
        let picks =
            brief.fixed == true
            ? brief.recipes ?? [] : WeekPlanner(cuisines: brief.household.cuisines, kidAges: brief.household.kids.map(\.age)).plan(brief.recipes ?? [], count: request.days)
        guard !picks.isEmpty else { return "I couldn't find recipes that fit this household." }
        let lines = picks.enumerated().map { WeekPlanner.line(label: labels[$0.offset % labels.count], title: $0.element.title) }
        let opening =
            brief.fixed == true
            ? "Here's your updated plan:"
            : request == MealRequest() ? "Here's a week of family dinners from recipes that fit your household:" : "Here's \(request.spoken) from recipes that fit your household:"
        let closing = request.days == 1 ? "Enjoy!" : "Cook together and enjoy your week!"
        return ([opening] + lines + [closing]).joined(separator: "\n")
    }

    static func routine(_ routine: RoutinePlan) -> String {
        let lines = routine.steps.map { "\($0.time) — \($0.title) (\($0.minutes) min)" }
        return (["Here's a \(routine.type) routine, \(routine.totalMinutes) minutes in all:"] + lines + ["Keep it the same every day; consistency is what makes it work."])
            .joined(separator: "\n")
    }

    static func chores(_ chores: ChorePlan) -> String {
        let lines = chores.schedule.map { "\($0.day.capitalized) — \($0.task): \($0.assignee), \($0.minutes) min" }
        return (["Here's a \(chores.frequency) \(chores.choreType) schedule:"] + lines + ["Praise the effort, not perfection, and swap tasks each week."]).joined(separator: "\n")
    }

    static func answer(_ articles: [AgentBrief.ArticleSummary]) -> String {
        guard !articles.isEmpty else {
            return "I don't have guidance on that yet. Your pediatrician or a trusted parenting resource can help."
        }
        let points = articles.prefix(3).map { article -> String in
            let sentences = article.body.split(separator: ".", omittingEmptySubsequences: true).prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
            return "- \(article.title): " + sentences.joined(separator: ". ") + "."
        }
        return (["Here's what tends to help:"] + points).joined(separator: "\n")
    }
}
