import Foundation

/// Where the SDK keeps what must survive the network and the app (docs/farelens.md, "SDK and CLI"): named
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
