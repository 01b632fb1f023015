import Foundation

/// A chat model behind one interface — Anthropic, OpenAI (and compatible servers), Gemini, or an
/// app's offline rule-based model — so apps and the router never speak a provider's dialect.
public protocol LanguageModel: Sendable {
    /// `anthropic`, `openai`, `gemini`, `offline`, …
    var provider: String { get }
    var model: String { get }
    func complete(_ request: CompletionRequest) async throws -> Completion
    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error>
}

extension LanguageModel {
    /// Streaming for models that only answer whole: one delta, then done.
    public func streamWhole(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let completion = try await complete(request)
                    continuation.yield(.delta(completion.text))
                    continuation.yield(.done(completion))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
