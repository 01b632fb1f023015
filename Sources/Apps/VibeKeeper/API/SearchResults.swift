import Foundation
import PlatformAPI

/// The answer of `GET /search`: hits best first, and which embedder ranked them.
public struct SearchResults: Codable, Sendable, Equatable {
    public var query: String
    public var results: [SearchHit]
    public var embedder: String

    public init(query: String, results: [SearchHit], embedder: String) {
        self.query = query
        self.results = results
        self.embedder = embedder
    }
}
