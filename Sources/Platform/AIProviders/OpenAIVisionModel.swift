import Foundation

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
