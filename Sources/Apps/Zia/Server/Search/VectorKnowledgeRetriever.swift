import Foundation
import ZiaAPI
import ZiaAssistant

/// The generic agent's retrieval: the parenting articles nearest a question, within one domain or all.
public struct VectorKnowledgeRetriever: KnowledgeRetriever {
    let corpus: CorpusIndex

    public init(corpus: CorpusIndex) { self.corpus = corpus }

    public func articles(matching query: String, domain: KnowledgeDomain?, k: Int) async throws -> [KnowledgeArticle] {
        try await corpus.articles(matching: query, domain: domain, k: k).map(\.article)
    }
}
