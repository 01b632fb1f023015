import Foundation
import PlatformAPI

/// Turns text into vectors for semantic search. Every stored vector records the ``model`` that made
/// it, so an index never mixes vectors from different embedders.
public protocol Embedder: Sendable {
    /// A stable name of the model, stored next to every vector it produces.
    var model: String { get }
    var dimensions: Int { get }
    /// Whether similar meanings land near each other (a real language model) or only similar
    /// spellings do (the hashing fallback). Reported honestly in `/health`.
    var isSemantic: Bool { get }
    /// One L2-normalised vector per input text, in order.
    func embed(_ texts: [String]) async throws -> [[Float]]
}

extension Embedder {
    public func embed(_ text: String) async throws -> [Float] {
        try await embed([text])[0]
    }
}
