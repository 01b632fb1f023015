import AIProviders
import CryptoExtras
import Foundation
import Logging
import PlatformCore
import TestSupport
import Testing

@testable import AppServer

/// An app's rule-based model, for wiring tests.
struct RulesModel: LanguageModel {
    let provider = "offline"
    let model = "test-rules"
    func complete(_ request: CompletionRequest) async throws -> Completion {
        Completion(text: "rules", usage: TokenUsage(inputTokens: 0, outputTokens: 0), model: model, finishReason: "stop")
    }
    func stream(_ request: CompletionRequest) -> AsyncThrowingStream<CompletionEvent, any Error> { streamWhole(request) }
}

@Suite("AI providers wired into the server", .timeLimit(.minutes(3)))
struct AIWiringTests {
    @Test("AI_CHAIN_<PURPOSE> is parsed into ordered provider:model targets, and typos are refused")
    func chainConfiguration() throws {
        let configuration = try ServerConfiguration.load(environment: [
            "AI_CHAIN_PLANNING": "anthropic:claude-sonnet-4-5, openai:gpt-4o-mini", "AI_CHAIN_SAFETY_CRITICAL": "openai:gpt-4o",
        ])
        #expect(configuration.ai.chains["planning"] == ["anthropic:claude-sonnet-4-5", "openai:gpt-4o-mini"])
        #expect(configuration.ai.chains["safety_critical"] == ["openai:gpt-4o"])
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["AI_CHAIN_PLANNING": "claude-sonnet"]) }
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["AI_CHAIN_PLANNING": "mistral:large"]) }
    }

    @Test(
        "TRANSCRIBER and VISION_MODEL are provider:model choices (unset: none); an unknown provider, a missing model or anthropic without ANTHROPIC_API_KEY is refused, from the environment or from code"
    )
    func transcriberAndVisionConfiguration() throws {
        let unset = try ServerConfiguration.load(environment: [:])
        #expect(unset.ai.transcriber == nil && unset.ai.vision == nil)
        let parsed = try ServerConfiguration.load(environment: [
            "TRANSCRIBER": " openai:gpt-4o-mini-transcribe ", "VISION_MODEL": "anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY": "sk-ant",
        ])
        #expect(parsed.ai.transcriber == .init(provider: "openai", model: "gpt-4o-mini-transcribe"))
        #expect(parsed.ai.vision == .init(provider: "anthropic", model: "claude-sonnet-4-5"))
        #expect(try ServerConfiguration.load(environment: ["TRANSCRIBER": "openai:whisper-1"]).ai.transcriber == .init(provider: "openai", model: "whisper-1"))
        #expect(try ServerConfiguration.load(environment: ["VISION_MODEL": "openai:gpt-4o-mini"]).ai.vision == .init(provider: "openai", model: "gpt-4o-mini"))
        let refused: [([String: String], String)] = [
            (["TRANSCRIBER": "whisper-1"], "TRANSCRIBER: 'whisper-1' must be provider:model with provider openai"),
            (["TRANSCRIBER": "openai:"], "TRANSCRIBER: 'openai:' must be provider:model"),
            (["TRANSCRIBER": "anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY": "k"], "TRANSCRIBER: 'anthropic:claude-sonnet-4-5' must be provider:model"),
            (["TRANSCRIBER": "deepgram:nova-3"], "TRANSCRIBER: 'deepgram:nova-3'"),
            (["VISION_MODEL": "gemini:gemini-2.0-flash"], "VISION_MODEL: 'gemini:gemini-2.0-flash' must be provider:model with provider openai or anthropic"),
            (["VISION_MODEL": "anthropic:"], "VISION_MODEL: 'anthropic:' must be provider:model"),
            (["VISION_MODEL": "anthropic:claude-sonnet-4-5"], "VISION_MODEL uses anthropic but ANTHROPIC_API_KEY is not set"),
        ]
        for (environment, message) in refused {
            do {
                _ = try ServerConfiguration.load(environment: environment)
                Issue.record("\(environment) must be refused")
            } catch let error as ServerConfiguration.Invalid {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
        // Set in code (as tests and embedders do), the same rules hold when the server is built.
        var coded = unset
        coded.ai.vision = .init(provider: "anthropic", model: "claude-sonnet-4-5")
        #expect(throws: ServerConfiguration.Invalid.self) { try coded.validate() }
        coded.ai.vision = nil
        coded.ai.transcriber = .init(provider: "gemini", model: "x")
        #expect(throws: ServerConfiguration.Invalid.self) { try coded.validate() }
    }

    @Test("the configured transcriber and vision model are real clients at the configured base URLs with the configured keys and models")
    func transcriberAndVisionClients() async throws {
        let unset = try ServerConfiguration.load(environment: [:])
        #expect(makeTranscriber(unset) == nil && makeVisionModel(unset) == nil)
        try await withFakeProviders { fake in
            let configuration = try ServerConfiguration.load(environment: [
                "OPENAI_API_KEY": "sk-o", "OPENAI_BASE_URL": fake.baseURL + "/v1", "ANTHROPIC_API_KEY": "sk-ant", "ANTHROPIC_BASE_URL": fake.baseURL,
                "TRANSCRIBER": "openai:whisper-1", "VISION_MODEL": "anthropic:claude-sonnet-4-5", "AI_TIMEOUT_SECONDS": "5",
            ])
            fake.answer.value = "a record player"
            let transcriber = try #require(makeTranscriber(configuration))
            #expect(try await transcriber.transcribe(audio: Data([1, 2, 3]), filename: "v.m4a", mimeType: "audio/mp4", language: nil, prompt: "gifts") == "a record player")
            let heard = try #require(fake.received.value.last)
            let form = try MultipartForm(parsing: heard.body, boundary: try #require(MultipartForm.boundary(of: heard.headers["content-type"])))
            #expect(heard.path == "/v1/audio/transcriptions" && heard.headers["authorization"] == "Bearer sk-o" && form.field("model") == "whisper-1")

            let vision = try #require(makeVisionModel(configuration))
            #expect(try await vision.describe(image: Data([0x89, 0x50]), mimeType: "image/png", prompt: "what?").text == "a record player")
            let seen = try #require(fake.received.value.last)
            #expect(seen.path == "/v1/messages" && seen.headers["x-api-key"] == "sk-ant" && seen.json["model"] as? String == "claude-sonnet-4-5")

            var openAI = configuration
            openAI.ai.vision = .init(provider: "openai", model: "gpt-4o-mini")
            _ = try await #require(makeVisionModel(openAI)).describe(image: Data([0x89, 0x50]), mimeType: "image/png", prompt: "what?")
            let asked = try #require(fake.received.value.last)
            #expect(asked.path == "/v1/chat/completions" && asked.headers["authorization"] == "Bearer sk-o" && asked.json["model"] as? String == "gpt-4o-mini")
        }
    }

    @Test("EMBEDDER=vertex takes a static token or a service-account file, and refuses to start without either or with a bad file")
    func vertexCredentials() async throws {
        let logger = Logger(label: "test")
        let project = ["EMBEDDER": "vertex", "VERTEX_PROJECT": "p"]
        await #expect(throws: ServerConfiguration.Invalid.self) { try await makeEmbedder(try ServerConfiguration.load(environment: project), logger: logger) }
        await #expect(throws: ServerConfiguration.Invalid.self) {
            try await makeEmbedder(try ServerConfiguration.load(environment: project.merging(["VERTEX_SERVICE_ACCOUNT_FILE": "/nonexistent/key.json"]) { $1 }), logger: logger)
        }
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"client_email":"x@y"}"#.utf8).write(to: bad)
        await #expect(throws: ServerConfiguration.Invalid.self) {
            try await makeEmbedder(try ServerConfiguration.load(environment: project.merging(["GOOGLE_APPLICATION_CREDENTIALS": bad.path]) { $1 }), logger: logger)
        }
        let good = folder.appendingPathComponent("key.json")
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        try JSONSerialization.data(withJSONObject: ["client_email": "x@y", "private_key": key.pkcs8PEMRepresentation]).write(to: good)
        let embedder = try await makeEmbedder(try ServerConfiguration.load(environment: project.merging(["VERTEX_SERVICE_ACCOUNT_FILE": good.path]) { $1 }), logger: logger)
        #expect(embedder.model == "text-embedding-004" && embedder.dimensions == 768)
    }

    @Test("a chain naming a provider without its key refuses to start")
    func missingKeyRefusesToStart() async throws {
        await #expect(throws: ServerConfiguration.Invalid.self) {
            try await withServer(.sqlite, configure: { $0.ai.chains = ["planning": ["anthropic:claude-haiku-4-5"]] }) { _, _ in }
        }
    }

    @Test("routed calls are recorded in run_metrics, priced, summed per app and day, and exported as metrics", arguments: TestDatabase.allCases)
    func callsAreAccounted(_ database: TestDatabase) async throws {
        try await withFakeProviders { fake in
            let app = "knot-\(UUID().uuidString.prefix(6))"
            try await withServer(
                database,
                configure: {
                    $0.ai.openAIBaseURL = fake.baseURL + "/v1"
                    $0.ai.openAIAPIKey = "sk-test"
                    $0.ai.chains = ["planning": ["openai:gpt-4o-mini"]]
                }
            ) { client, server in
                let request = CompletionRequest(messages: [.init(.user, "Three date ideas")], maxTokens: 100)
                let routed = try await server.router.complete(request, purpose: "planning", app: app)
                #expect(routed.completion.text == "Hello from the fake")
                _ = try await server.router.complete(request, purpose: "planning", app: app)
                let days = try await server.usage.dailyCosts(app: app)
                #expect(days.count == 1)
                #expect(days.first?.calls == 2)
                #expect(days.first?.inputTokens == 24 && days.first?.outputTokens == 14)
                let expected = 2 * (12 * 0.15 + 7 * 0.6) / 1_000_000
                #expect(abs((days.first?.costUSD ?? 0) - expected) < 1e-12)
                let health = try await client.send(.get, "/health").json
                let routes = health["language_models"] as? [[String: Any]] ?? []
                #expect(routes.first { $0["purpose"] as? String == "planning" }?["offline"] as? Bool == false)
                let providers = health["providers"] as? [[String: Any]] ?? []
                let openAI = providers.first { $0["target"] as? String == "openai:gpt-4o-mini" }
                #expect(openAI?["success_rate"] as? Double == 1)
                #expect(openAI?["circuit"] as? String == "closed")
                let metrics = try await client.send(.get, "/metrics").text
                #expect(metrics.contains(#"ai_calls_total{model="gpt-4o-mini",outcome="ok",provider="openai",purpose="planning"} 2"#))
            }
        }
    }

    @Test("without providers a purpose is served by the app's offline model, and /health says offline")
    func offlineIsReportedHonestly() async throws {
        try await withServer(.sqlite, dependencies: .init(offlineModels: ["planning": RulesModel()])) { client, server in
            let routed = try await server.router.complete(CompletionRequest(messages: [.init(.user, "x")]), purpose: "planning", app: "knot")
            #expect(routed.target == "offline:test-rules")
            let routes = try await client.send(.get, "/health").json["language_models"] as? [[String: Any]] ?? []
            let planning = routes.first { $0["purpose"] as? String == "planning" }
            #expect(planning?["offline"] as? Bool == true)
            #expect(planning?["targets"] as? [String] == ["offline:test-rules"])
        }
    }
}
