import Foundation

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
