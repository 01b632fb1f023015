import Foundation

/// Where saved recommendations live on the device: a folder of JSON files
/// (``FileSavedRecommendationStore``, the CLI's and a simple app's choice), memory
/// (``InMemorySavedRecommendationStore``), or an app's own database implementing the same protocol.
public protocol SavedRecommendationStore: LocalUserData {
    /// Every saved recommendation, most recently saved first.
    func all() throws -> [SavedRecommendation]
    /// Saves `recommendation` (saving it again refreshes its content but keeps when it was first saved).
    func save(_ recommendation: Recommendation, at date: Date) throws
    /// Forgets a saved recommendation; a no-op when it is not saved.
    func remove(_ id: RecommendationID) throws
    func contains(_ id: RecommendationID) throws -> Bool
}
