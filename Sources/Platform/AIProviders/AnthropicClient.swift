import Foundation

/// Anthropic's Messages API (`POST /v1/messages`, `x-api-key`, `anthropic-version: 2023-06-01`),
/// whole and streamed (`message_start` / `content_block_delta` / `message_delta` / `message_stop`).
/// JSON-object output is asked for in the system prompt (the API has no JSON mode).
public struct AnthropicClient: LanguageModel {
    public let provider = "anthropic"
    public let model: String
    let apiKey: String
    let baseURL: String
    let transport: ProviderTransport

    public init(apiKey: String, model: String, baseURL: String = "https://api.anthropic.com", transport: ProviderTransport = .init()) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = ProviderTransport.trimmedBaseURL(baseURL)
        self.transport = transport
    }

    var headers: [(String, String)] { [("x-api-key", apiKey), ("anthropic-version", "2023-06-01")] }

    func body(_ request: CompletionRequest, stream: Bool) throws -> Data {
        var system = request.system ?? ""
        if request.jsonObject {
            system += (system.isEmpty ? "" : "\n\n") + "Respond with a single JSON object and nothing else."
        }
        var body: [String: Any] = [
            "model": model,
            "max_tokens": request.maxTokens,
            "messages": request.messages.map { ["role": $0.role.rawValue, "content": $0.content] },
        ]
        if !system.isEmpty { body["system"] = system }
        if let temperature = request.temperature { body["temperature"] = temperature }
        if stream { body["stream"] = true }
        return try JSONSerialization.data(withJSONObject: body)
    }

    struct Response: Decodable {
        struct Block: Decodable { let type: String; let text: String? }
        struct Usage: Decodable { let input_tokens: Int; let output_tokens: Int }
        let content: [Block]
        let usage: Usage
        let model: String?
        let stop_reason: String?
    }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        try completion(from: try await transport.post(baseURL + "/v1/messages", headers: headers, body: try body(request, stream: false)))
    }

    /// A Messages API answer as a completion: its text blocks joined, with usage.
    func completion(from data: Data) throws -> Completion {
        guard let response = try? JSONDecoder().decode(Response.self, from: data) else {
            throw ProviderError.malformedResponse("unexpected Anthropic response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        let text = response.content.compactMap { $0.type == "text" ? $0.text : nil }.joined()
        return Completion(
            text: text, usage: TokenUsage(inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens), model: response.model ?? model,
            finishReason: response.stop_reason)
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> {
        do {
            let events = transport.stream(baseURL + "/v1/messages", headers: headers, body: try body(request, stream: true))
            return completionStream(events, model: model) { event, state in
                let object = try jsonObject(event)
                switch object["type"] as? String ?? event.event {
                case "message_start":
                    let usage = (object["message"] as? [String: Any])?["usage"] as? [String: Any]
                    state.usage.inputTokens = usage?["input_tokens"] as? Int ?? 0
                case "content_block_delta":
                    if let piece = (object["delta"] as? [String: Any])?["text"] as? String { return .delta(piece) }
                case "message_delta":
                    state.usage.outputTokens = (object["usage"] as? [String: Any])?["output_tokens"] as? Int ?? state.usage.outputTokens
                    state.finishReason = (object["delta"] as? [String: Any])?["stop_reason"] as? String ?? state.finishReason
                case "message_stop":
                    return .finished
                case "error":
                    let error = object["error"] as? [String: Any]
                    let message = error?["message"] as? String ?? "stream error"
                    throw ProviderError.server(status: error?["type"] as? String == "overloaded_error" ? 529 : 500, message: message)
                default:
                    break
                }
                return .nothing
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
