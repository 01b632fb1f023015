import Foundation

/// Where the SDK keeps what must survive the network and the app (the seed's Core Data): named
/// JSON documents. Pluggable: ``FileLocalStore`` on a device or in the CLI, ``MemoryLocalStore``
/// in tests. A saved document that cannot be read is kept aside (never overwritten by the next
/// save) and counts as none.
public protocol LocalStore: Sendable {
    /// The value saved under `name`, or nil when there is none (or it could not be read, and was
    /// kept aside).
    func decoded<Value: Codable & Sendable>(_ type: Value.Type, _ name: String) async throws -> Value?
    /// Saves `value` as JSON under `name`, replacing what was there.
    func encode<Value: Codable & Sendable>(_ value: Value, as name: String) async throws
}

/// A local read or write failed (disk full, an unreadable file that could not be kept aside):
/// ``AppError/saveFailed`` to a screen.
public struct LocalStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A ``LocalStore`` of files in one folder given at init, one `<name>.json` each: ClientCore's
/// ``FileDocument`` (written atomically, the folder 0700 and the file 0600 — search history, saved
/// searches, watchlists and the install id are the user's own; an unreadable file moved aside as
/// `<name>.json.unreadable-…`).
public struct FileLocalStore: LocalStore {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    public func decoded<Value: Codable & Sendable>(_ type: Value.Type, _ name: String) async throws -> Value? {
        do { return try document(Value.self, name).load() } catch is UnreadableDocument { return nil } catch {
            throw LocalStoreError("Cannot read \(name) in \(folder.path): \(error.localizedDescription)")
        }
    }

    public func encode<Value: Codable & Sendable>(_ value: Value, as name: String) async throws {
        do { try document(Value.self, name).save(value) } catch {
            throw LocalStoreError("Cannot write \(name) in \(folder.path): \(error.localizedDescription)")
        }
    }

    private func document<Value>(_ type: Value.Type, _ name: String) -> FileDocument<Value> {
        FileDocument(fileURL: folder.appendingPathComponent("\(name).json"))
    }
}

/// A ``LocalStore`` in memory, for tests and previews; an unreadable document is kept aside under
/// `<name>.unreadable`.
public actor MemoryLocalStore: LocalStore {
    private var documents: [String: Data] = [:]

    public init() {}

    /// The bytes saved under `name`.
    public func load(_ name: String) -> Data? { documents[name] }
    /// Saves `data` under `name` as it is (a test plants an unreadable document this way).
    public func save(_ data: Data, as name: String) { documents[name] = data }

    public func decoded<Value: Codable & Sendable>(_ type: Value.Type, _ name: String) throws -> Value? {
        guard let data = documents[name] else { return nil }
        do { return try WireFormat.decoder().decode(Value.self, from: data) } catch {
            documents["\(name).unreadable"] = data
            documents[name] = nil
            return nil
        }
    }

    public func encode<Value: Codable & Sendable>(_ value: Value, as name: String) throws {
        documents[name] = try WireFormat.requestEncoder().encode(value)
    }
}
