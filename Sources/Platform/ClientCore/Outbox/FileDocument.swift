import Foundation

/// One value an app keeps on the device between launches (its outbox, its offline copy) as a JSON
/// file: replaced atomically on every save, readable only by its owner, and kept aside when it
/// cannot be read. One way of writing such
/// a file for every app's store.
public struct FileDocument<Value: Codable>: Sendable {
    public let fileURL: URL

    public init(fileURL: URL) { self.fileURL = fileURL }

    /// The saved value; nil when nothing was saved yet. A file that is there but cannot be decoded
    /// is moved aside (``UnreadableDocument/setAside(_:because:at:)``) and thrown as
    /// ``UnreadableDocument``, so the next save cannot overwrite what it still holds.
    public func load() throws -> Value? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        let data = try Data(contentsOf: fileURL)
        do { return try WireFormat.decoder().decode(Value.self, from: data) } catch { throw try UnreadableDocument.setAside(fileURL, because: error) }
    }

    public func save(_ value: Value) throws {
        let folder = fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try WireFormat.requestEncoder().encode(value).write(to: fileURL, options: [.atomic])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fileURL.path)
    }
}
