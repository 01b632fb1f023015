import Foundation
import PlatformCore

/// OpenAI's transcription endpoint (`POST {base}/audio/transcriptions`, bearer key): a
/// `multipart/form-data` body of `model`, optional `language` and `prompt`, `response_format=json`
/// and the `file` part (filename and content type), answered by `{"text": "…"}`. Works with
/// `whisper-1`, `gpt-4o-mini-transcribe`, `gpt-4o-transcribe` and OpenAI-compatible servers.
/// HTTP failures map to ``ProviderError`` as for the chat clients.
public struct OpenAITranscriber: Transcriber {
    public let model: String
    let apiKey: String?
    let baseURL: String
    let transport: ProviderTransport

    public init(apiKey: String?, model: String = "whisper-1", baseURL: String = "https://api.openai.com/v1", transport: ProviderTransport = .init()) {
        self.apiKey = apiKey
        self.model = model
        self.baseURL = ProviderTransport.trimmedBaseURL(baseURL)
        self.transport = transport
    }

    struct Response: Decodable { let text: String }

    public func transcribe(audio: Data, filename: String, mimeType: String, language: String?, prompt: String?) async throws -> String {
        var form = MultipartBuilder()
        form.field("model", model)
        if let language { form.field("language", language) }
        if let prompt { form.field("prompt", prompt) }
        form.field("response_format", "json")
        form.file("file", filename: filename, contentType: mimeType, audio)
        let data = try await transport.post(baseURL + "/audio/transcriptions", headers: ProviderTransport.bearer(apiKey), body: form.finished, contentType: form.contentType)
        guard let response = try? JSONDecoder().decode(Response.self, from: data) else {
            throw ProviderError.malformedResponse("unexpected transcription response: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return response.text
    }
}
