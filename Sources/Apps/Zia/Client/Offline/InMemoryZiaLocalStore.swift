import Foundation

/// A ``ZiaLocalStore`` in memory (previews, tests).
public final class InMemoryZiaLocalStore: ZiaLocalStore, @unchecked Sendable {
    // @unchecked Sendable: `snapshot` is only touched while holding `lock`.
    private let lock = NSLock()
    private var snapshot = ZiaLocalSnapshot()

    public init() {}
    public func load() throws -> ZiaLocalSnapshot { lock.withLock { snapshot } }
    public func save(_ snapshot: ZiaLocalSnapshot) throws { lock.withLock { self.snapshot = snapshot } }
}
