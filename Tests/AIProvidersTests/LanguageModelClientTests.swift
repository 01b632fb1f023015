import AIProviders
import Foundation
import NIOCore
import PlatformCore
import TestSupport
import Testing

/// The three chat providers, built against the fake's base URL.
enum ChatProvider: String, CaseIterable, CustomStringConvertible {
    case anthropic, openai, gemini

    var description: String { rawValue }

    func client(_ fake: FakeProviderServer, timeout: TimeAmount = .seconds(5)) -> any LanguageModel {
        let transport = ProviderTransport(timeout: timeout)
        switch self {
        case .anthropic: return AnthropicClient(apiKey: "sk-ant-test", model: "claude-test", baseURL: fake.baseURL, transport: transport)
        case .openai: return OpenAIChatClient(apiKey: "sk-test", model: "gpt-test", baseURL: fake.baseURL + "/v1", transport: transport)
        case .gemini: return GeminiClient(apiKey: "g-test", model: "gemini-test", baseURL: fake.baseURL + "/v1beta", transport: transport)
        }
    }
}

@Suite("Provider clients against fakes that speak the real wire formats", .timeLimit(.minutes(3)))
struct LanguageModelClientTests {
    static let request = CompletionRequest(system: "Be brief.", messages: [.init(.user, "Say hello")], temperature: 0.2, maxTokens: 64, jsonObject: true)

    @Test("a whole completion sends the provider's request shape and reads text and usage", arguments: ChatProvider.allCases)
    func completes(_ provider: ChatProvider) async throws {
        try await withFakeProviders { fake in
            let completion = try await provider.client(fake).complete(Self.request)
            #expect(completion.text == "Hello from the fake")
            #expect(completion.usage == TokenUsage(inputTokens: 12, outputTokens: 7))
            let sent = try #require(fake.received.value.last)
            let body = sent.json
            switch provider {
            case .anthropic:
                #expect(sent.path == "/v1/messages")
                #expect(sent.headers["x-api-key"] == "sk-ant-test")
                #expect(sent.headers["anthropic-version"] == "2023-06-01")
                #expect(body["model"] as? String == "claude-test")
                #expect(body["max_tokens"] as? Int == 64)
                #expect((body["system"] as? String)?.hasPrefix("Be brief.") == true)
                #expect((body["system"] as? String)?.contains("JSON object") == true)
                #expect((body["messages"] as? [[String: String]]) == [["role": "user", "content": "Say hello"]])
            case .openai:
                #expect(sent.path == "/v1/chat/completions")
                #expect(sent.headers["authorization"] == "Bearer sk-test")
                #expect((body["messages"] as? [[String: String]])?.first == ["role": "system", "content": "Be brief."])
                #expect((body["response_format"] as? [String: String]) == ["type": "json_object"])
                #expect(body["max_tokens"] as? Int == 64)
            case .gemini:
                #expect(sent.path == "/v1beta/models/gemini-test:generateContent")
                #expect(sent.headers["x-goog-api-key"] == "g-test")
                let config = body["generationConfig"] as? [String: Any]
                #expect(config?["responseMimeType"] as? String == "application/json")
                #expect(config?["maxOutputTokens"] as? Int == 64)
                #expect(((body["systemInstruction"] as? [String: Any])?["parts"] as? [[String: String]])?.first?["text"] == "Be brief.")
            }
        }
    }

    @Test("streaming yields deltas in order, then the whole completion with usage", arguments: ChatProvider.allCases)
    func streams(_ provider: ChatProvider) async throws {
        try await withFakeProviders { fake in
            fake.answer.value = "Streaming works, one piece at a time."
            var deltas: [String] = []
            var done: Completion?
            for try await event in provider.client(fake).stream(Self.request) {
                switch event {
                case .delta(let text): deltas.append(text)
                case .done(let completion): done = completion
                }
            }
            #expect(deltas.count >= 2, "arrives in pieces")
            #expect(deltas.joined() == "Streaming works, one piece at a time.")
            #expect(done?.text == deltas.joined())
            #expect(done?.usage.outputTokens == 7)
            if provider != .gemini {
                #expect(fake.received.value.last?.json["stream"] as? Bool == true)
            } else {
                #expect(fake.received.value.last?.path == "/v1beta/models/gemini-test:streamGenerateContent")
            }
        }
    }

    @Test("HTTP errors map to errors the router can act on", arguments: ChatProvider.allCases)
    func errorsAreMapped(_ provider: ChatProvider) async throws {
        try await withFakeProviders { fake in
            let client = provider.client(fake)
            let cases: [(FakeProviderServer.Behavior, ProviderError)] = [
                (.status(400, body: #"{"error":{"message":"max_tokens too large"}}"#, headers: [:]), .badRequest("max_tokens too large")),
                (.status(401, body: #"{"error":{"message":"invalid x-api-key"}}"#, headers: [:]), .unauthorized("invalid x-api-key")),
                (.status(429, body: #"{"error":{"message":"slow down"}}"#, headers: ["retry-after": "7"]), .rateLimited(retryAfter: 7)),
                (.status(529, body: #"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#, headers: [:]), .server(status: 529, message: "Overloaded")),
                (.status(503, body: "<html>bad gateway</html>", headers: [:]), .server(status: 503, message: "HTTP 503")),
            ]
            for (behavior, expected) in cases {
                fake.behavior.value = behavior
                await #expect(throws: expected, "\(behavior)") { try await client.complete(Self.request) }
                await #expect(throws: expected, "streaming: \(behavior)") {
                    for try await _ in client.stream(Self.request) {}
                }
            }
            fake.behavior.value = .malformed
            do {
                _ = try await client.complete(Self.request)
                Issue.record("a malformed body must fail")
            } catch let error as ProviderError {
                guard case .malformedResponse = error else { Issue.record("expected malformedResponse, got \(error)"); return }
                #expect(!error.isRetryable)
            }
        }
    }

    @Test("a provider slower than the timeout fails with .timeout", arguments: ChatProvider.allCases)
    func timesOut(_ provider: ChatProvider) async throws {
        try await withFakeProviders { fake in
            fake.behavior.value = .delay(.seconds(3))
            await #expect(throws: ProviderError.timeout) {
                try await provider.client(fake, timeout: .milliseconds(300)).complete(Self.request)
            }
        }
    }

    @Test("the SSE parser handles events split across chunks, CRLF, comments and multi-line data")
    func sseParser() {
        var parser = ServerSentEventParser()
        var events = parser.consume(Array("event: a\ndata: {\"x\":".utf8))
        #expect(events.isEmpty)
        events += parser.consume(Array("1}\n\n: keep-alive\n\ndata: line one\r\ndata: line two\r\n\r\n".utf8))
        events += parser.consume(Array("data: tail".utf8))
        events += parser.finish(dispatchIncompleteEvent: true)
        #expect(
            events == [
                .init(event: "a", data: #"{"x":1}"#),
                .init(event: nil, data: "line one\nline two"),
                .init(event: nil, data: "tail"),
            ])
    }
}

@Suite("Remote embedders against the fake", .timeLimit(.minutes(3)))
struct RemoteEmbedderTests {
    @Test("OpenAI embeddings come back in input order, normalised, with the key sent")
    func openAIEmbeddings() async throws {
        try await withFakeProviders { fake in
            let embedder = OpenAIEmbedder(apiKey: "sk-e", model: "text-embedding-3-small", dimensions: 8, baseURL: fake.baseURL + "/v1")
            let vectors = try await embedder.embed(["a", "bbb"])
            #expect(vectors.count == 2)
            let expected = FakeProviderServer.fakeVector("bbb", dimensions: 8).map(Float.init)
            #expect(zip(vectors[1], expected).allSatisfy { abs($0 - $1) < 1e-5 }, "the fake answers in reverse; order follows `index`")
            #expect(fake.received.value.last?.headers["authorization"] == "Bearer sk-e")
            #expect(fake.received.value.last?.json["input"] as? [String] == ["a", "bbb"])
            fake.behavior.value = .status(429, body: "{}", headers: ["retry-after": "2"])
            await #expect(throws: ProviderError.rateLimited(retryAfter: 2)) { try await embedder.embed(["x"]) }
        }
    }

    @Test("Vertex text-embedding-004 predict with a bearer token")
    func vertexEmbeddings() async throws {
        try await withFakeProviders { fake in
            let embedder = VertexEmbedder(project: "knot-prod", location: "us-central1", dimensions: 8, baseURL: fake.baseURL, accessToken: { "ya29.token" })
            let vectors = try await embedder.embed(["hello", "world!"])
            #expect(vectors.count == 2 && vectors[0].count == 8)
            let sent = try #require(fake.received.value.last)
            #expect(sent.path == "/vertex/text-embedding-004:predict")
            #expect(sent.headers["authorization"] == "Bearer ya29.token")
            #expect((sent.json["instances"] as? [[String: String]])?.map { $0["content"] } == ["hello", "world!"])
            fake.behavior.value = .status(500, body: #"{"error":{"code":500,"message":"internal"}}"#, headers: [:])
            await #expect(throws: ProviderError.server(status: 500, message: "internal")) { try await embedder.embed(["x"]) }
        }
    }
}
