import Foundation

/// A streamed answer: text deltas as they arrive, then the whole completion with usage.
public enum CompletionEvent: Sendable, Equatable {
    case delta(String)
    case done(Completion)
}
