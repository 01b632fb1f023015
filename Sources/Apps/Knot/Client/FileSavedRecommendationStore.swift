import Foundation

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
