import Foundation

/// A finished answer.
public struct Completion: Sendable, Equatable {
    public var text: String
    public var usage: TokenUsage
    public var model: String
    public var finishReason: String?

    public init(text: String, usage: TokenUsage, model: String, finishReason: String?) {
        self.text = text
        self.usage = usage
        self.model = model
        self.finishReason = finishReason
    }
}
