import Foundation

/// A ``ZiaLocalStore`` in one owner-only JSON file, replaced atomically, an unreadable one kept
/// aside (ClientCore's ``FileDocument``).
public struct FileZiaLocalStore: ZiaLocalStore {
    public let document: FileDocument<ZiaLocalSnapshot>

    public init(fileURL: URL) { document = FileDocument(fileURL: fileURL) }

    public func load() throws -> ZiaLocalSnapshot { try document.load() ?? ZiaLocalSnapshot() }
    public func save(_ snapshot: ZiaLocalSnapshot) throws { try document.save(snapshot) }
}
