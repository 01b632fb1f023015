import Foundation
import ZiaAPI
import ZiaSafety

/// Answers a general parenting question: retrieval from the knowledge base within the goal's
/// domain (safety, discipline, development, sleep, nutrition, tips…; all when none is named),
/// keeping articles for the household's kids' ages, then synthesis from them (temperature 0.3,
/// 400 tokens).
struct GenericAgent: Agent {
    let knowledge: any KnowledgeRetriever

    static let k = 3
    static let synthesisTokens = 400

    /// Words naming a domain, checked in this order.
    static let domainWords: [(KnowledgeDomain, Set<String>)] = [
        (.safety, ["safe", "safety", "choking", "poison", "car", "seat", "burn", "drown", "helmet", "childproof"]),
        (.discipline, ["tantrum", "tantrums", "discipline", "hitting", "biting", "timeout", "consequences", "behavior", "behaviour", "whining", "listening"]),
        (.sleep, ["sleep", "sleeping", "night", "waking", "crib"]),
        (.development, ["milestone", "milestones", "development", "speech", "talking", "walking", "crawling", "reading", "potty"]),
        (.nutrition, ["picky", "eating", "vegetables", "nutrition", "food", "eat"]),
    ]

    static func domain(for goal: String) -> KnowledgeDomain? {
        let words = Set(IntentClassifier.words(goal))
        return domainWords.first { !$0.1.isDisjoint(with: words) }?.0
    }

    func run(_ context: AgentContext) async throws -> AgentResult {
        try await context.progress(.status("Looking that up..."))
        let domain = Self.domain(for: context.goal)
        context.ledger.ran("retrieval")
        try Task.checkCancellation()
        var articles = try await knowledge.articles(matching: context.goal, domain: domain, k: Self.k)
        if articles.isEmpty, domain != nil { articles = try await knowledge.articles(matching: context.goal, domain: nil, k: Self.k) }
        let ages = context.kidAges
        let suited = articles.filter { article in ages.isEmpty || ages.contains { (article.minAge...article.maxAge).contains($0) } }
        if !suited.isEmpty { articles = suited }

        context.ledger.ran("synthesis")
        let request = context.request(
            system: "You are Zia, a warm, evidence-minded parenting assistant. Answer from the articles given.",
            instructions: """
                Answer this parent's question from the articles below, briefly and kindly.
                Question: \(context.goal)
                """,
            brief: AgentBrief(task: .answer, goal: context.goal, household: context.household, articles: articles), temperature: 0.3,
            maxTokens: Self.synthesisTokens)
        let gate = OutputGate(screen: context.screen, food: context.food)
        try await context.stream(request, stage: .synthesis, gate: gate)
        return AgentResult(text: gate.text, state: ["domain": domain?.rawValue ?? "all", "article_ids": articles.map(\.id).joined(separator: ",")])
    }
}
