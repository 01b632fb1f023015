import Foundation

/// OpenAI embeddings (`POST {base}/embeddings`, bearer key), e.g. `text-embedding-3-small`.
/// Vectors are returned in input order (the API tags each with its index) and L2-normalised.
public struct OpenAIEmbedder: Embedder {
    public let model: String
    public let dimensions: Int
    public let isSemantic = true
    let apiKey: String?
    let baseURL: String
    let transport: ProviderTransport

    public init(
        apiKey: String?, model: String = "text-embedding-3-small", dimensions: Int = 1536, baseURL: String = "https://api.openai.com/v1", transport: ProviderTransport = .init()
    ) {
        self.apiKey = apiKey
        self.model = model
        self.dimensions = dimensions
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    struct Response: Decodable {
        struct Item: Decodable { let index: Int; let embedding: [Float] }
        let data: [Item]
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let body = try JSONSerialization.data(withJSONObject: ["model": model, "input": texts, "encoding_format": "float"])
        let data = try await transport.post(baseURL + "/embeddings", headers: apiKey.map { [("Authorization", "Bearer \($0)")] } ?? [], body: body)
        guard let response = try? JSONDecoder().decode(Response.self, from: data), response.data.count == texts.count else {
            throw ProviderError.malformedResponse("unexpected embeddings response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return response.data.sorted { $0.index < $1.index }.map { normalized($0.embedding) }
    }
}

/// Vertex AI text embeddings (`…/publishers/google/models/text-embedding-004:predict`, 768 dims, the
/// seeds' model) with an OAuth access token from `accessToken` (e.g. a metadata-server or
/// `gcloud auth print-access-token` token).
public struct VertexEmbedder: Embedder {
    public let model: String
    public let dimensions: Int
    public let isSemantic = true
    let endpoint: String
    let accessToken: @Sendable () async throws -> String
    let transport: ProviderTransport

    public init(
        project: String, location: String = "us-central1", model: String = "text-embedding-004", dimensions: Int = 768, baseURL: String? = nil,
        accessToken: @escaping @Sendable () async throws -> String, transport: ProviderTransport = .init()
    ) {
        self.model = model
        self.dimensions = dimensions
        let base = baseURL ?? "https://\(location)-aiplatform.googleapis.com"
        endpoint = "\(base)/v1/projects/\(project)/locations/\(location)/publishers/google/models/\(model):predict"
        self.accessToken = accessToken
        self.transport = transport
    }

    struct Response: Decodable {
        struct Prediction: Decodable {
            struct Embeddings: Decodable { let values: [Float] }
            let embeddings: Embeddings
        }
        let predictions: [Prediction]
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let body = try JSONSerialization.data(withJSONObject: ["instances": texts.map { ["content": $0, "task_type": "RETRIEVAL_DOCUMENT"] }])
        let token = try await accessToken()
        let data = try await transport.post(endpoint, headers: [("Authorization", "Bearer \(token)")], body: body)
        guard let response = try? JSONDecoder().decode(Response.self, from: data), response.predictions.count == texts.count else {
            throw ProviderError.malformedResponse("unexpected Vertex predict response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return response.predictions.map { normalized($0.embeddings.values) }
    }
}

func normalized(_ vector: [Float]) -> [Float] {
    let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
    return norm > 0 ? vector.map { $0 / norm } : vector
}

/// Speech to text, for apps that capture by voice. `prompt` steers the model (vocabulary, what the
/// recording is about); nil sends none.
public protocol Transcriber: Sendable {
    func transcribe(audio: Data, filename: String, mimeType: String, language: String?, prompt: String?) async throws -> String
}

/// OpenAI-compatible `POST {base}/audio/transcriptions` (multipart form: `file`, `model`,
/// optional `language` and `prompt`), e.g. Whisper or gpt-4o-mini-transcribe.
public struct OpenAITranscriber: Transcriber {
    let apiKey: String?
    let model: String
    let baseURL: String
    let transport: ProviderTransport

    public init(apiKey: String?, model: String = "whisper-1", baseURL: String = "https://api.openai.com/v1", transport: ProviderTransport = .init()) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    public func transcribe(audio: Data, filename: String, mimeType: String, language: String?, prompt: String?) async throws -> String {
        let boundary = "boundary-\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        field("model", model)
        if let language { field("language", language) }
        if let prompt { field("prompt", prompt) }
        field("response_format", "json")
        let safeName = filename.replacingOccurrences(of: "\"", with: "")
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(safeName)\"\r\nContent-Type: \(mimeType)\r\n\r\n".utf8))
        body.append(audio)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        let data = try await transport.post(
            baseURL + "/audio/transcriptions", headers: apiKey.map { [("Authorization", "Bearer \($0)")] } ?? [], body: body,
            contentType: "multipart/form-data; boundary=\(boundary)"
        )
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let text = object["text"] as? String else {
            throw ProviderError.malformedResponse("unexpected transcription response")
        }
        return text
    }
}

/// Describes an image in words, for apps that capture by photo.
public protocol VisionModel: Sendable {
    func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion
}

/// Image description through Anthropic's Messages API: one user message of an `image` block
/// (base64 source with its media type) followed by the prompt as a `text` block.
public struct AnthropicVisionModel: VisionModel {
    let client: AnthropicClient

    public init(client: AnthropicClient) { self.client = client }

    public func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion {
        let content: [[String: Any]] = [
            ["type": "image", "source": ["type": "base64", "media_type": mimeType, "data": image.base64EncodedString()]],
            ["type": "text", "text": prompt],
        ]
        let body = try JSONSerialization.data(withJSONObject: ["model": client.model, "max_tokens": 1024, "messages": [["role": "user", "content": content]]])
        return try client.completion(from: try await client.transport.post(client.baseURL + "/v1/messages", headers: client.headers, body: body))
    }
}

/// Image description through OpenAI-compatible chat completions with an `image_url` content part
/// carrying the image as a data URL.
public struct OpenAIVisionModel: VisionModel {
    let chat: OpenAIChatClient

    public init(chat: OpenAIChatClient) { self.chat = chat }

    public func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion {
        let content: [[String: Any]] = [
            ["type": "text", "text": prompt],
            ["type": "image_url", "image_url": ["url": "data:\(mimeType);base64,\(image.base64EncodedString())"]],
        ]
        let body = try JSONSerialization.data(withJSONObject: ["model": chat.model, "max_tokens": 512, "messages": [["role": "user", "content": content]]])
        let data = try await chat.transport.post(chat.baseURL + "/chat/completions", headers: chat.headers, body: body)
        guard let response = try? JSONDecoder().decode(OpenAIChatClient.Response.self, from: data), let choice = response.choices.first else {
            throw ProviderError.malformedResponse("unexpected vision response")
        }
        return Completion(
            text: choice.message.content ?? "", usage: TokenUsage(inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0),
            model: response.model ?? chat.model, finishReason: choice.finish_reason)
    }
}
