import Foundation

/// Describes an image in words, for apps that capture by photo (e.g. a photo of a gift). Apps
/// depend on this protocol rather than on a provider so the server chooses the model
/// (`VISION_MODEL`), tests give a fake, and a server without one still runs (captions only).
///
/// - Parameters:
///   - image: the image's bytes, sent base64-encoded.
///   - mimeType: its media type (`image/jpeg`, `image/png`, …).
///   - prompt: what to say about it.
/// - Returns: the model's answer, with usage.
public protocol VisionModel: Sendable {
    func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion
}

/// The answer cap for image descriptions, the same for every provider.
let visionMaxTokens = 1024

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

/// Image description through OpenAI(-compatible) chat completions (the ``OpenAIChatClient``'s
/// endpoint, key and answer parsing): one user message whose content is the prompt as a `text`
/// part and the image as an `image_url` part holding a `data:<type>;base64,…` URL, `max_tokens` 1024.
public struct OpenAIVisionModel: VisionModel {
    let chat: OpenAIChatClient

    public init(chat: OpenAIChatClient) { self.chat = chat }

    public func describe(image: Data, mimeType: String, prompt: String) async throws -> Completion {
        let content: [[String: Any]] = [
            ["type": "text", "text": prompt],
            ["type": "image_url", "image_url": ["url": "data:\(mimeType);base64,\(image.base64EncodedString())"]],
        ]
        let body = try JSONSerialization.data(withJSONObject: ["model": chat.model, "max_tokens": visionMaxTokens, "messages": [["role": "user", "content": content]]])
        return try chat.completion(from: try await chat.transport.post(chat.baseURL + "/chat/completions", headers: chat.headers, body: body))
    }
}
