import Foundation
import ZiaAPI

/// A ``KnowledgeRetriever`` over articles in memory, within a domain when given, ranked by
/// ``LexicalScorer`` over the title, tags and body; articles sharing no word are left out.
public struct LexicalKnowledgeRetriever: KnowledgeRetriever {
    let articles: [KnowledgeArticle]

    public init(articles: [KnowledgeArticle]) { self.articles = articles }

    public func articles(matching query: String, domain: KnowledgeDomain?, k: Int) async throws -> [KnowledgeArticle] {
        let scorer = LexicalScorer(query)
        let candidates = articles.filter { domain == nil || $0.domain == domain }.filter { scorer.score(title: $0.title, body: $0.tags + [$0.body]) > 0 }
        return scorer.top(candidates, k: k) { scorer.score(title: $0.title, body: $0.tags + [$0.body]) }
    }
}
