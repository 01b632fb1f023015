import Foundation

/// Saved recommendations in memory (tests, previews).
public final class InMemorySavedRecommendationStore: SavedRecommendationStore, @unchecked Sendable {
    // @unchecked Sendable: `items` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var items: [RecommendationID: SavedRecommendation] = [:]

    public init() {}

    public func all() throws -> [SavedRecommendation] {
        lock.withLock { items.values.sorted(by: SavedRecommendation.newestFirst) }
    }

    public func save(_ recommendation: Recommendation, at date: Date) throws {
        lock.withLock { items[recommendation.id] = SavedRecommendation(recommendation: recommendation, savedAt: items[recommendation.id]?.savedAt ?? date) }
    }

    public func remove(_ id: RecommendationID) throws { _ = lock.withLock { items.removeValue(forKey: id) } }

    public func contains(_ id: RecommendationID) throws -> Bool { lock.withLock { items[id] != nil } }

    public func removeAll() throws { lock.withLock { items.removeAll() } }
}
