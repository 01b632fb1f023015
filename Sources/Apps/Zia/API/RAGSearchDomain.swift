import Foundation

/// What `GET /zia/v1/rag/search` searches: the shipped recipes, the parenting knowledge base, or
/// the caller's own memories.
public enum RAGSearchDomain: String, Codable, Sendable, CaseIterable {
    case recipe, knowledge, memory
}
