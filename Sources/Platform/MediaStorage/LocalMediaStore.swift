import Foundation

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
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).partial")
        // Removals run beside writes (a deleted account's prefix, a folder emptied by a deletion):
        // when the folder or the temporary file vanished under the write, it is written again (a
        // few times, then the error).
        for attempt in 1... {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try data.write(to: temporary)
                if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
                try FileManager.default.moveItem(at: temporary, to: target)
                return
            } catch {
                let vanished = !FileManager.default.fileExists(atPath: temporary.path)
                try? FileManager.default.removeItem(at: temporary)
                if attempt < 3, vanished { continue }
                throw error
            }
        }
    }

    public func get(_ key: String) async throws -> Data? {
        let source = try url(of: key)
        guard FileManager.default.fileExists(atPath: source.path) else { return nil }
        return try Data(contentsOf: source)
    }

    /// Every file under `prefix` in one page (temporary files of writes in progress included: they
    /// are keys too); the folder is walked from the deepest one the prefix names.
    public func list(prefix: String, continuation: String?) async throws -> MediaListing {
        let folderKey = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? ""
        let start = folderKey.isEmpty ? directory : try url(of: folderKey)
        let rootPath = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        guard let walk = FileManager.default.enumerator(at: start, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey]) else {
            return MediaListing(objects: [], continuation: nil)
        }
        var objects: [MediaObject] = []
        for case let file as URL in walk {
            // A file removed meanwhile has no attributes left: it is not listed.
            guard let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey]), values.isRegularFile == true,
                let modifiedAt = values.contentModificationDate, file.path.hasPrefix(rootPath)
            else { continue }
            let key = String(file.path.dropFirst(rootPath.count))
            if key.hasPrefix(prefix) { objects.append(MediaObject(key: key, modifiedAt: modifiedAt)) }
        }
        return MediaListing(objects: objects.sorted { $0.key < $1.key }, continuation: nil)
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
