import Foundation

/// An ``OutboxStore`` in memory (previews, tests).
public final class InMemoryOutboxStore: OutboxStore, @unchecked Sendable {
    // @unchecked Sendable: `queue` is only touched while holding `lock`.
    private let lock = NSLock()
    private var queue = OutboxQueue()

    public init() {}
    public func load() throws -> OutboxQueue { lock.withLock { queue } }
    public func save(_ queue: OutboxQueue) throws { lock.withLock { self.queue = queue } }
}
