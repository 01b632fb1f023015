import Foundation

/// The prompts' memory in memory (tests, previews).
public final class InMemoryFeedbackPromptStore: FeedbackPromptStore, @unchecked Sendable {
    // @unchecked Sendable: `state` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var state: FeedbackPromptState

    public init(_ state: FeedbackPromptState = FeedbackPromptState()) { self.state = state }

    public func load() throws -> FeedbackPromptState { lock.withLock { state } }
    public func save(_ state: FeedbackPromptState) throws { lock.withLock { self.state = state } }
    public func removeAll() throws { lock.withLock { state = FeedbackPromptState() } }
}
