import Foundation

/// A recommendation the user saved for later (seed 001 step 6.6 "Save: stores the recommendation
/// locally for later reference"; step 9.4 "No, save for later"), kept whole so it can be shown
/// without the network.
public struct SavedRecommendation: Codable, Sendable, Equatable, Identifiable {
    enum CodingKeys: String, CodingKey { case recommendation, savedAt = "saved_at" }
    public var recommendation: Recommendation
    public var savedAt: Date

    public var id: RecommendationID { recommendation.id }

    public init(recommendation: Recommendation, savedAt: Date) {
        self.recommendation = recommendation
        self.savedAt = savedAt
    }
}

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

/// Saved recommendations as one JSON file each (`<id>.json`, the wire format) in a folder only its
/// owner can read, written atomically — so several processes (two CLI runs) never see half a file,
/// and what one saves the next instance reads.
public struct FileSavedRecommendationStore: SavedRecommendationStore {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    func file(_ id: RecommendationID) -> URL { directory.appendingPathComponent("\(id).json") }

    public func all() throws -> [SavedRecommendation] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let decoder = WireFormat.decoder()
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" && RecommendationID($0.deletingPathExtension().lastPathComponent) != nil }
            .compactMap { url in try? decoder.decode(SavedRecommendation.self, from: Data(contentsOf: url)) }
            .sorted(by: SavedRecommendation.newestFirst)
    }

    public func save(_ recommendation: Recommendation, at date: Date) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let existing = try? WireFormat.decoder().decode(SavedRecommendation.self, from: Data(contentsOf: file(recommendation.id)))
        let item = SavedRecommendation(recommendation: recommendation, savedAt: existing?.savedAt ?? date)
        try WireFormat.encoder(pretty: true).encode(item).write(to: file(recommendation.id), options: .atomic)
    }

    public func remove(_ id: RecommendationID) throws {
        let url = file(id)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    public func contains(_ id: RecommendationID) throws -> Bool {
        FileManager.default.fileExists(atPath: file(id).path)
    }

    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
    }
}

extension SavedRecommendation {
    /// Most recently saved first; ties by ID, so the order is stable.
    static func newestFirst(_ a: SavedRecommendation, _ b: SavedRecommendation) -> Bool {
        a.savedAt != b.savedAt ? a.savedAt > b.savedAt : a.id.description < b.id.description
    }
}
