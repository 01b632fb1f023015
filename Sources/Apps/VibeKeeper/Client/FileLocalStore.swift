import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``LocalStore`` in a private folder: `snapshot.json` (written atomically) and `blobs/`.
public struct FileLocalStore: LocalStore, LocalUserData {
    public let directory: URL

    public init(directory: URL) { self.directory = directory }

    var snapshotURL: URL { directory.appendingPathComponent("snapshot.json") }
    var blobs: URL { directory.appendingPathComponent("blobs") }

    /// The saved snapshot. One that cannot be decoded is moved aside
    /// (`snapshot.json.unreadable-<time>-<random>`) and thrown as ``UnreadableDocument``, so the
    /// next save cannot overwrite what it still holds (ClientCore's ``FileDocument``).
    public func load() throws -> LocalSnapshot { try FileDocument<LocalSnapshot>(fileURL: snapshotURL).load() ?? LocalSnapshot() }

    public func save(_ snapshot: LocalSnapshot) throws {
        try write(try WireFormat.requestEncoder().encode(snapshot), to: snapshotURL)
    }

    public func saveBlob(_ data: Data, named name: String) throws {
        try write(data, to: blobs.appendingPathComponent(Self.safe(name)))
    }

    public func loadBlob(named name: String) throws -> Data? {
        let url = blobs.appendingPathComponent(Self.safe(name))
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func removeBlob(named name: String) throws {
        let url = blobs.appendingPathComponent(Self.safe(name))
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    public func removeAll() throws {
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
    }

    static func safe(_ name: String) -> String {
        String(name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." }.map(Character.init)).replacingOccurrences(of: "..", with: "")
    }

    /// Writes through a temporary file and rename(2), owner-only, so a crash never leaves half a file.
    private func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
