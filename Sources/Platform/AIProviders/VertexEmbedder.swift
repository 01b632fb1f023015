import Foundation

/// Vertex AI text embeddings (`…/publishers/google/models/text-embedding-004:predict`, 768 dims;
/// docs/platform/ai.md) with an OAuth access token from `accessToken` (e.g. a metadata-server or
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
