import Foundation

/// The prompts' memory as one JSON file, written atomically.
public struct FileFeedbackPromptStore: FeedbackPromptStore {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    public func load() throws -> FeedbackPromptState {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return FeedbackPromptState() }
        return try WireFormat.decoder().decode(FeedbackPromptState.self, from: Data(contentsOf: fileURL))
    }

    public func save(_ state: FeedbackPromptState) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try WireFormat.encoder(pretty: true).encode(state).write(to: fileURL, options: .atomic)
    }

    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: fileURL.path) { try FileManager.default.removeItem(at: fileURL) }
    }
}
