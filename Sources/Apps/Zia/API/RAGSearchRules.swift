import Foundation

/// The rules of `GET /zia/v1/rag/search`'s query parameters, shared by the server and clients.
public enum RAGSearchRules {
    /// `q`'s length once trimmed.
    public static let maxQueryLength = 500
    /// `k`: how many results.
    public static let resultCount = 1...20
    public static let defaultResultCount = 5
}
