import Foundation
import ZiaAPI
import ZiaAssistant

/// The meal planner's `fetch_recipes`: the shipped recipes nearest a search query, by meaning
/// when the embedder is MiniLM (spelling with the hashing fallback).
public struct VectorRecipeRetriever: RecipeRetriever {
    let corpus: CorpusIndex

    public init(corpus: CorpusIndex) { self.corpus = corpus }

    public func recipes(matching query: String, k: Int) async throws -> [Recipe] {
        try await corpus.recipes(matching: query, k: k).map(\.recipe)
    }
}
