import Foundation

/// Image description through Anthropic's Messages API (the ``AnthropicClient``'s endpoint, headers
/// and answer parsing): one user message of an `image` block (base64 source with its media type)
/// followed by the prompt as a `text` block, `max_tokens` 1024; the answer's text blocks joined.
public struct AnthropicVisionModel: VisionModel {
    let client: AnthropicClient

    public init(client: AnthropicClient) { self.client = client }

    public func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion {
        let content: [[String: Any]] = [
            ["type": "image", "source": ["type": "base64", "media_type": mimeType, "data": image.base64EncodedString()]],
            ["type": "text", "text": prompt],
        ]
        let body = try JSONSerialization.data(withJSONObject: ["model": client.model, "max_tokens": visionMaxTokens, "messages": [["role": "user", "content": content]]])
        return try client.completion(from: try await client.transport.post(client.baseURL + "/v1/messages", headers: client.headers, body: body))
    }
}
