import Foundation

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
