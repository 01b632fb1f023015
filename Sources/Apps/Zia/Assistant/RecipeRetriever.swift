import AIProviders
import Foundation
import PlatformAPI
import ZiaAPI

/// Searches the shipped recipe corpus (shared by every user).
public protocol RecipeRetriever: Sendable {
    /// The `k` recipes nearest `query`, nearest first.
    func recipes(matching query: String, k: Int) async throws -> [Recipe]
}
