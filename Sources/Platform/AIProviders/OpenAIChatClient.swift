import Foundation

/// OpenAI Chat Completions (`POST {base}/chat/completions`, bearer key), whole and streamed
/// (`data: {…}` chunks ending in `data: [DONE]`, usage in the last chunk). Any OpenAI-compatible
/// server works by base URL (vLLM, Ollama, llama.cpp, …).
public struct OpenAIChatClient: LanguageModel {
    public let provider: String
    public let model: String
    let apiKey: String?
    let baseURL: String
    let transport: ProviderTransport

    public init(apiKey: String?, model: String, baseURL: String = "https://api.openai.com/v1", provider: String = "openai", transport: ProviderTransport = .init()) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = ProviderTransport.trimmedBaseURL(baseURL)
        self.provider = provider
        self.transport = transport
    }

    var headers: [(String, String)] { ProviderTransport.bearer(apiKey) }

    func body(_ request: CompletionRequest, stream: Bool) throws -> Data {
        var messages: [[String: Any]] = []
        if let system = request.system { messages.append(["role": "system", "content": system]) }
        messages += request.messages.map { ["role": $0.role.rawValue, "content": $0.content] }
        var body: [String: Any] = ["model": model, "messages": messages, "max_tokens": request.maxTokens]
        if let temperature = request.temperature { body["temperature"] = temperature }
        if request.jsonObject { body["response_format"] = ["type": "json_object"] }
        if stream {
            body["stream"] = true
            body["stream_options"] = ["include_usage": true]
        }
        return try JSONSerialization.data(withJSONObject: body)
    }

    struct Response: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { let content: String? }
            let message: Message
            let finish_reason: String?
        }
        struct Usage: Decodable { let prompt_tokens: Int; let completion_tokens: Int }
        let choices: [Choice]
        let usage: Usage?
        let model: String?
    }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        try completion(from: try await transport.post(baseURL + "/chat/completions", headers: headers, body: try body(request, stream: false)))
    }

    /// A Chat Completions answer as a completion: the first choice's text, with usage.
    func completion(from data: Data) throws -> Completion {
        guard let response = try? JSONDecoder().decode(Response.self, from: data), let choice = response.choices.first else {
            throw ProviderError.malformedResponse("unexpected chat completion: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return Completion(
            text: choice.message.content ?? "",
            usage: TokenUsage(inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0),
            model: response.model ?? model, finishReason: choice.finish_reason
        )
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> {
        do {
            let events = transport.stream(baseURL + "/chat/completions", headers: headers, body: try body(request, stream: true))
            return completionStream(events, model: model) { event, state in
                if event.data == "[DONE]" { return .finished }
                let object = try jsonObject(event)
                if let error = object["error"] as? [String: Any] {
                    throw ProviderError.server(status: 500, message: error["message"] as? String ?? "stream error")
                }
                if let reported = object["usage"] as? [String: Any] {
                    state.usage = TokenUsage(inputTokens: reported["prompt_tokens"] as? Int ?? 0, outputTokens: reported["completion_tokens"] as? Int ?? 0)
                }
                guard let choice = (object["choices"] as? [[String: Any]])?.first else { return .nothing }
                state.finishReason = choice["finish_reason"] as? String ?? state.finishReason
                if let piece = (choice["delta"] as? [String: Any])?["content"] as? String, !piece.isEmpty { return .delta(piece) }
                return .nothing
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
