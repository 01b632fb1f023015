import AIProviders
import Foundation
import NIOCore
import TestSupport
import Testing

/// The two image-description clients, built against the fake's base URL.
enum VisionProvider: String, CaseIterable, CustomStringConvertible {
    case openai, anthropic

    var description: String { rawValue }

    func model(_ fake: FakeProviderServer) -> any VisionModel {
        let transport = ProviderTransport(timeout: .seconds(5))
        switch self {
        case .openai: return OpenAIVisionModel(chat: OpenAIChatClient(apiKey: "sk-v", model: "gpt-4o-mini", baseURL: fake.baseURL + "/v1/", transport: transport))
        case .anthropic: return AnthropicVisionModel(client: AnthropicClient(apiKey: "sk-ant-v", model: "claude-sonnet-4-5", baseURL: fake.baseURL + "/", transport: transport))
        }
    }
}

@Suite("Image description against fakes that speak the real wire formats", .timeLimit(.minutes(3)))
struct VisionModelTests {
    /// Every byte value, so the base64 has `+`, `/` and padding to get right.
    static let image = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    static let prompt = "Describe this gift idea.\nIf there's a caption provided: \"No caption provided\", use this to provide context."

    @Test("OpenAI: POST {base}/chat/completions with a bearer key and one user message of a text part and an image_url data URI; the answer is choices[0].message.content")
    func openAIWireFormat() async throws {
        try await withFakeProviders { fake in
            fake.answer.value = "A red ceramic mug with a hand-painted fox."
            let completion = try await VisionProvider.openai.model(fake).describe(image: Self.image, mimeType: "image/jpeg", prompt: Self.prompt)
            #expect(completion.text == "A red ceramic mug with a hand-painted fox.")
            #expect(completion.usage == TokenUsage(inputTokens: 12, outputTokens: 7) && completion.model == "gpt-4o-mini")

            let sent = try #require(fake.received.value.last)
            #expect(sent.path == "/v1/chat/completions")
            #expect(sent.headers["authorization"] == "Bearer sk-v" && sent.headers["x-api-key"] == nil)
            #expect(sent.headers["content-type"] == "application/json")
            let body = sent.json
            #expect(Set(body.keys) == ["model", "max_tokens", "messages"])
            #expect(body["model"] as? String == "gpt-4o-mini" && body["max_tokens"] as? Int == 1024)
            let messages = try #require(body["messages"] as? [[String: Any]])
            #expect(messages.count == 1 && messages.first?["role"] as? String == "user" && messages.first?.count == 2)
            let content = try #require(messages.first?["content"] as? [[String: Any]])
            #expect(content.count == 2)
            #expect(content.first as? [String: String] == ["type": "text", "text": Self.prompt])
            #expect(content.last?["type"] as? String == "image_url" && content.last?.count == 2)
            let url = try #require((content.last?["image_url"] as? [String: String])?["url"])
            #expect(url == "data:image/jpeg;base64," + Self.image.base64EncodedString())
            #expect(Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count))) == Self.image, "the image's exact bytes")
        }
    }

    @Test(
        "Anthropic: POST {base}/v1/messages with x-api-key, anthropic-version and max_tokens 1024, one user message of a base64 image block then the prompt; the answer is its text blocks joined"
    )
    func anthropicWireFormat() async throws {
        try await withFakeProviders { fake in
            fake.answer.value = "A blue teapot."
            let model = VisionProvider.anthropic.model(fake)
            let completion = try await model.describe(image: Self.image, mimeType: "image/png", prompt: Self.prompt)
            #expect(completion.text == "A blue teapot.")
            #expect(completion.usage == TokenUsage(inputTokens: 12, outputTokens: 7) && completion.model == "claude-sonnet-4-5")

            let sent = try #require(fake.received.value.last)
            #expect(sent.path == "/v1/messages")
            #expect(sent.headers["x-api-key"] == "sk-ant-v" && sent.headers["anthropic-version"] == "2023-06-01" && sent.headers["authorization"] == nil)
            #expect(sent.headers["content-type"] == "application/json")
            let body = sent.json
            #expect(Set(body.keys) == ["model", "max_tokens", "messages"])
            #expect(body["model"] as? String == "claude-sonnet-4-5" && body["max_tokens"] as? Int == 1024)
            let messages = try #require(body["messages"] as? [[String: Any]])
            #expect(messages.count == 1 && messages.first?["role"] as? String == "user" && messages.first?.count == 2)
            let content = try #require(messages.first?["content"] as? [[String: Any]])
            #expect(content.count == 2)
            #expect(content.first?["type"] as? String == "image" && content.first?.count == 2)
            let source = try #require(content.first?["source"] as? [String: String])
            #expect(source == ["type": "base64", "media_type": "image/png", "data": Self.image.base64EncodedString()])
            #expect(Data(base64Encoded: source["data"] ?? "") == Self.image, "the image's exact bytes")
            #expect(content.last as? [String: String] == ["type": "text", "text": Self.prompt])

            // Several text blocks (and others between them) are joined in order.
            fake.behavior.value = .status(
                200,
                body: #"""
                    {"id":"msg_2","type":"message","role":"assistant","model":"claude-sonnet-4-5","stop_reason":"end_turn",
                     "content":[{"type":"text","text":"A blue "},{"type":"thinking","thinking":"hmm","signature":"s"},{"type":"text","text":"teapot with a bamboo handle."}],
                     "usage":{"input_tokens":1500,"output_tokens":9}}
                    """#, headers: [:])
            let joined = try await model.describe(image: Self.image, mimeType: "image/png", prompt: Self.prompt)
            #expect(joined.text == "A blue teapot with a bamboo handle." && joined.usage == TokenUsage(inputTokens: 1500, outputTokens: 9))
        }
    }

    @Test("HTTP errors map to ProviderError like the chat clients' (401, 429 with Retry-After, 400, 5xx, unreadable answers)", arguments: VisionProvider.allCases)
    func errorsAreMapped(_ provider: VisionProvider) async throws {
        try await withFakeProviders { fake in
            let model = provider.model(fake)
            let cases: [(FakeProviderServer.Behavior, ProviderError)] = [
                (.status(401, body: #"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#, headers: [:]), .unauthorized("invalid x-api-key")),
                (.status(429, body: #"{"error":{"message":"slow down"}}"#, headers: ["retry-after": "7"]), .rateLimited(retryAfter: 7)),
                (.status(400, body: #"{"error":{"message":"Could not process image"}}"#, headers: [:]), .badRequest("Could not process image")),
                (.status(529, body: #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#, headers: [:]), .server(status: 529, message: "Overloaded")),
                (.status(503, body: "<html>unavailable</html>", headers: [:]), .server(status: 503, message: "HTTP 503")),
            ]
            for (behavior, expected) in cases {
                fake.behavior.value = behavior
                await #expect(throws: expected, "\(behavior)") { try await model.describe(image: Self.image, mimeType: "image/png", prompt: Self.prompt) }
            }
            fake.behavior.value = .malformed
            do {
                _ = try await model.describe(image: Self.image, mimeType: "image/png", prompt: Self.prompt)
                Issue.record("a malformed body must fail")
            } catch let error as ProviderError {
                guard case .malformedResponse = error else { Issue.record("expected malformedResponse, got \(error)"); return }
            }
        }
    }
}
