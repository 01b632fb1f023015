import AIProviders
import Foundation
import PlatformAPI
import ZiaAPI

/// Searches the shipped parenting knowledge base, within one domain or all.
public protocol KnowledgeRetriever: Sendable {
    func articles(matching query: String, domain: KnowledgeDomain?, k: Int) async throws -> [KnowledgeArticle]
}
