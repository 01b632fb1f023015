import Foundation

/// Where an outbox kept on its own is saved between launches: a file on the device
/// (``FileOutboxStore``), memory in tests, or an app's own storage.
public protocol OutboxStore: Sendable {
    func load() throws -> OutboxQueue
    func save(_ queue: OutboxQueue) throws
}
