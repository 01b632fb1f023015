import Foundation

/// Google Gemini `models/{model}:generateContent` and `:streamGenerateContent?alt=sse`
/// (`x-goog-api-key`), with `systemInstruction`, `generationConfig` and JSON output through
/// `responseMimeType: application/json`.
public struct GeminiClient: LanguageModel {
    public let provider = "gemini"
    public let model: String
    let apiKey: String
    let baseURL: String
    let transport: ProviderTransport

    public init(apiKey: String, model: String, baseURL: String = "https://generativelanguage.googleapis.com/v1beta", transport: ProviderTransport = .init()) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = ProviderTransport.trimmedBaseURL(baseURL)
        self.transport = transport
    }

    var headers: [(String, String)] { [("x-goog-api-key", apiKey)] }

    func body(_ request: CompletionRequest) throws -> Data {
        var body: [String: Any] = [
            "contents": request.messages.map { ["role": $0.role == .user ? "user" : "model", "parts": [["text": $0.content]]] }
        ]
        if let system = request.system { body["systemInstruction"] = ["parts": [["text": system]]] }
        var generation: [String: Any] = ["maxOutputTokens": request.maxTokens]
        if let temperature = request.temperature { generation["temperature"] = temperature }
        if request.jsonObject { generation["responseMimeType"] = "application/json" }
        body["generationConfig"] = generation
        return try JSONSerialization.data(withJSONObject: body)
    }

    /// Text, usage and finish reason of one `GenerateContentResponse` (whole or a stream chunk).
    static func parse(_ object: [String: Any]) -> (text: String, usage: TokenUsage?, finish: String?)? {
        guard let candidates = object["candidates"] as? [[String: Any]] else {
            return object["usageMetadata"] != nil ? ("", usage(object), nil) : nil
        }
        let candidate = candidates.first ?? [:]
        let parts = (candidate["content"] as? [String: Any])?["parts"] as? [[String: Any]] ?? []
        return (parts.compactMap { $0["text"] as? String }.joined(), usage(object), candidate["finishReason"] as? String)
    }

    static func usage(_ object: [String: Any]) -> TokenUsage? {
        guard let metadata = object["usageMetadata"] as? [String: Any] else { return nil }
        return TokenUsage(inputTokens: metadata["promptTokenCount"] as? Int ?? 0, outputTokens: metadata["candidatesTokenCount"] as? Int ?? 0)
    }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        let data = try await transport.post("\(baseURL)/models/\(model):generateContent", headers: headers, body: try body(request))
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let parsed = Self.parse(object) else {
            throw ProviderError.malformedResponse("unexpected Gemini response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return Completion(text: parsed.text, usage: parsed.usage ?? TokenUsage(inputTokens: 0, outputTokens: 0), model: model, finishReason: parsed.finish)
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> {
        do {
            let events = transport.stream("\(baseURL)/models/\(model):streamGenerateContent?alt=sse", headers: headers, body: try body(request))
            return completionStream(events, model: model) { event, state in
                guard let parsed = Self.parse(try jsonObject(event)) else {
                    throw ProviderError.malformedResponse("unreadable stream chunk: \(event.data.prefix(120))")
                }
                state.usage = parsed.usage ?? state.usage
                state.finishReason = parsed.finish ?? state.finishReason
                return parsed.text.isEmpty ? .nothing : .delta(parsed.text)
            }
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }
}
