import Foundation

/// Where the SDK keeps what must survive the network and the app (the seed's Core Data): named
/// JSON documents. Pluggable: ``FileLocalStore`` on a device or in the CLI, ``MemoryLocalStore``
/// in tests.
public protocol LocalStore: Sendable {
    /// The document saved under `name`, or nil when there is none.
    func load(_ name: String) async throws -> Data?
    /// Saves `data` under `name`, replacing what was there.
    func save(_ data: Data, as name: String) async throws
}

/// A local read or write failed (disk full, unreadable file): ``AppError/saveFailed`` to a screen.
public struct LocalStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension LocalStore {
    /// The `T` saved under `name`, or nil when none is (an unreadable one counts as none).
    func decoded<T: Decodable>(_ type: T.Type, _ name: String) async throws -> T? {
        guard let data = try await load(name) else { return nil }
        return try? WireFormat.decoder().decode(T.self, from: data)
    }

    /// Saves `value` as JSON under `name`.
    func encode(_ value: some Encodable, as name: String) async throws {
        try await save(try WireFormat.requestEncoder().encode(value), as: name)
    }
}

/// A ``LocalStore`` of files in one folder given at init, one `<name>.json` each, written atomically.
public struct FileLocalStore: LocalStore {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    public func load(_ name: String) async throws -> Data? {
        let file = folder.appendingPathComponent("\(name).json")
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do { return try Data(contentsOf: file) } catch { throw LocalStoreError("Cannot read \(file.path): \(error.localizedDescription)") }
    }

    public func save(_ data: Data, as name: String) async throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent("\(name).json"), options: .atomic)
        } catch {
            throw LocalStoreError("Cannot write \(name) in \(folder.path): \(error.localizedDescription)")
        }
    }
}

/// A ``LocalStore`` in memory, for tests and previews.
public actor MemoryLocalStore: LocalStore {
    private var documents: [String: Data] = [:]

    public init() {}

    public func load(_ name: String) async throws -> Data? { documents[name] }
    public func save(_ data: Data, as name: String) async throws { documents[name] = data }
}
