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
        self.baseURL = ProviderTransport.trimmedBaseURL(baseURL)
        self.transport = transport
    }

    struct Response: Decodable {
        struct Item: Decodable { let index: Int; let embedding: [Float] }
        let data: [Item]
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let body = try JSONSerialization.data(withJSONObject: ["model": model, "input": texts, "encoding_format": "float"])
        let data = try await transport.post(baseURL + "/embeddings", headers: ProviderTransport.bearer(apiKey), body: body)
        guard let response = try? JSONDecoder().decode(Response.self, from: data), response.data.count == texts.count else {
            throw ProviderError.malformedResponse("unexpected embeddings response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return response.data.sorted { $0.index < $1.index }.map { normalized($0.embedding) }
    }
}
