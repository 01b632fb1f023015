import Foundation

/// Where uploaded photos and recordings live. Apps store bytes under keys the server generates
/// (never from a client's filename) and keep the key in their own rows; the store knows nothing
/// about users or apps. A local folder by default, an S3-compatible bucket when configured.
public protocol MediaStore: Sendable {
    /// Stores `data` under `key`, replacing what was there; the bytes are whole or absent afterwards.
    func put(_ data: Data, key: String, contentType: String) async throws
    /// The bytes under `key`; nil when there are none.
    func get(_ key: String) async throws -> Data?
    /// Removes `key`; removing a missing key is not an error.
    func delete(_ key: String) async throws
}

/// Keys are `/`-separated segments of letters, digits, `-`, `_` and `.` (no `..`): safe as file
/// paths and as object names.
public enum MediaKey {
    public static func isValid(_ key: String) -> Bool {
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        return !segments.isEmpty && key.utf8.count <= 512
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment != "." && segment != ".."
                    && segment.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
            }
    }

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let key: String
        public var description: String { "invalid media key \(key)" }
    }
}

/// Media in a folder on the server's disk (`DATA_DIR/media` by default). Writes go to a temporary
/// file in the same folder first and are renamed into place, so a crash never leaves half a file
/// under a key.
public struct LocalMediaStore: MediaStore {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    func url(of key: String) throws -> URL {
        guard MediaKey.isValid(key) else { throw MediaKey.Invalid(key: key) }
        return directory.appendingPathComponent(key)
    }

    public func put(_ data: Data, key: String, contentType: String) async throws {
        let target = try url(of: key)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
        do {
            try data.write(to: temporary)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: temporary, to: target)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public func get(_ key: String) async throws -> Data? {
        let source = try url(of: key)
        guard FileManager.default.fileExists(atPath: source.path) else { return nil }
        return try Data(contentsOf: source)
    }

    public func delete(_ key: String) async throws {
        let target = try url(of: key)
        guard FileManager.default.fileExists(atPath: target.path) else { return }
        try FileManager.default.removeItem(at: target)
        // Empty folders left behind (a user's last file) are removed too, up to the store's root.
        var folder = target.deletingLastPathComponent()
        while folder.path.count > directory.path.count, (try? FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty) == true {
            try? FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}
