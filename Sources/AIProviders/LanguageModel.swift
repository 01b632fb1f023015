import Foundation

/// One turn of a conversation sent to a language model.
public struct ChatMessage: Sendable, Equatable {
    public enum Role: String, Sendable { case user, assistant }
    public var role: Role
    public var content: String

    public init(_ role: Role, _ content: String) {
        self.role = role
        self.content = content
    }
}

/// What every provider is asked: messages, a system prompt, sampling, a token cap, and optionally
/// that the answer be one JSON object.
public struct CompletionRequest: Sendable {
    public var system: String?
    public var messages: [ChatMessage]
    public var temperature: Double?
    public var maxTokens: Int
    public var jsonObject: Bool

    public init(system: String? = nil, messages: [ChatMessage], temperature: Double? = nil, maxTokens: Int = 1024, jsonObject: Bool = false) {
        self.system = system
        self.messages = messages
        self.temperature = temperature
        self.maxTokens = maxTokens
        self.jsonObject = jsonObject
    }

    /// A rough token count of the prompt (4 characters a token), for budgets before the call.
    public var estimatedInputTokens: Int {
        ((system?.count ?? 0) + messages.reduce(0) { $0 + $1.content.count }) / 4 + 8 * messages.count + 1
    }
}

/// Tokens a call consumed, as the provider reported them.
public struct TokenUsage: Sendable, Equatable {
    public var inputTokens: Int
    public var outputTokens: Int

    public init(inputTokens: Int, outputTokens: Int) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
    }
}

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

/// A streamed answer: text deltas as they arrive, then the whole completion with usage.
public enum CompletionEvent: Sendable, Equatable {
    case delta(String)
    case done(Completion)
}

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

/// Why a provider call failed, in terms the router acts on.
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400/404/422: the request is wrong; retrying will not help.
    case badRequest(String)
    /// 401/403: the key is wrong or lacks access.
    case unauthorized(String)
    /// 429: slow down, for `retryAfter` seconds when the provider says.
    case rateLimited(retryAfter: TimeInterval?)
    /// 5xx (529 overloaded included).
    case server(status: Int, message: String)
    /// The answer could not be understood.
    case malformedResponse(String)
    case timeout
    case transport(String)

    /// A short label for accounting: `bad_request`, `rate_limited`, `server_503`, …
    public var kind: String {
        switch self {
        case .badRequest: "bad_request"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rate_limited"
        case .server(let status, _): "server_\(status)"
        case .malformedResponse: "malformed_response"
        case .timeout: "timeout"
        case .transport: "transport"
        }
    }

    /// Whether the same call may succeed if tried again later.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .server, .timeout, .transport: true
        case .badRequest, .unauthorized, .malformedResponse: false
        }
    }

    public var description: String {
        switch self {
        case .badRequest(let message): "bad request: \(message)"
        case .unauthorized(let message): "unauthorized: \(message)"
        case .rateLimited(let retryAfter): "rate limited" + (retryAfter.map { " (retry after \($0) s)" } ?? "")
        case .server(let status, let message): "server error \(status): \(message)"
        case .malformedResponse(let message): "malformed response: \(message)"
        case .timeout: "timed out"
        case .transport(let message): "transport error: \(message)"
        }
    }
}
