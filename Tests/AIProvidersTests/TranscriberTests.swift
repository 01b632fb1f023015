import AIProviders
import Foundation
import NIOCore
import PlatformCore
import TestSupport
import Testing

@Suite("OpenAI transcription against a fake that speaks its wire format", .timeLimit(.minutes(3)))
struct TranscriberTests {
    /// A recording whose bytes look like multipart framing (CRLFs, dashes, a boundary-like line) and
    /// cover every byte value, so a body that mangles or re-frames binary data fails.
    static let audio: Data = {
        var bytes = Data("\0\0\0 ftypM4A \r\n--knot-00000000-0000-0000-0000-000000000000\r\n\r\n--\r\n".utf8)
        bytes += Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        return bytes
    }()
    /// A multi-line prompt like the seed's, with quotes and a trailing newline.
    static let prompt = "You are an AI assistant helping to transcribe audio about gift ideas.\nKeep \"names\" and prices exact.\n"

    static func transcriber(
        _ fake: FakeProviderServer, apiKey: String? = "sk-t", model: String = "gpt-4o-mini-transcribe", timeout: TimeAmount = .seconds(5)
    )
        -> OpenAITranscriber
    {
        OpenAITranscriber(apiKey: apiKey, model: model, baseURL: fake.baseURL + "/v1/", transport: ProviderTransport(timeout: timeout))
    }

    /// The last request's body as a form, its boundary, and the raw text of its body.
    static func form(_ sent: FakeProviderServer.Received) throws -> (MultipartForm, boundary: String) {
        let contentType = try #require(sent.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="), "\(contentType)")
        let boundary = try #require(MultipartForm.boundary(of: contentType))
        return (try MultipartForm(parsing: sent.body, boundary: boundary), boundary)
    }

    @Test(
        "POST {base}/audio/transcriptions with a bearer key and a CRLF multipart body: model, language, prompt, response_format=json and the file with its name, type and exact bytes"
    )
    func wireFormat() async throws {
        try await withFakeProviders { fake in
            fake.answer.value = "She said she wants a record player for her birthday."
            let text = try await Self.transcriber(fake).transcribe(audio: Self.audio, filename: "memo.m4a", mimeType: "audio/mp4", language: "en", prompt: Self.prompt)
            #expect(text == "She said she wants a record player for her birthday.")

            let sent = try #require(fake.received.value.last)
            #expect(sent.path == "/v1/audio/transcriptions", "the base URL's trailing slash is dropped")
            #expect(sent.headers["authorization"] == "Bearer sk-t")
            let (form, boundary) = try Self.form(sent)
            #expect(boundary.count >= 16 && boundary.count <= 70)
            // Framing, byte for byte: opens with the boundary, closes with it, CRLF line breaks.
            #expect(sent.body.starts(with: Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"".utf8)))
            #expect(sent.body.suffix(boundary.utf8.count + 8) == Data("\r\n--\(boundary)--\r\n".utf8))
            let raw = String(decoding: sent.body, as: UTF8.self)
            #expect(raw.contains("--\(boundary)\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\ngpt-4o-mini-transcribe\r\n--\(boundary)"))
            #expect(raw.contains("--\(boundary)\r\nContent-Disposition: form-data; name=\"response_format\"\r\n\r\njson\r\n--\(boundary)"))
            #expect(raw.contains("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"memo.m4a\"\r\nContent-Type: audio/mp4\r\n\r\n"))

            #expect(form.parts.map(\.name).sorted() == ["file", "language", "model", "prompt", "response_format"])
            #expect(form.field("model") == "gpt-4o-mini-transcribe")
            #expect(form.field("language") == "en")
            #expect(form.field("prompt") == Self.prompt, "the prompt arrives exactly, newlines and quotes included")
            #expect(form.field("response_format") == "json")
            #expect(form.parts.filter { $0.name != "file" }.allSatisfy { $0.filename == nil && $0.contentType == nil }, "fields are plain text parts")
            let file = try #require(form.part("file"))
            #expect(file.filename == "memo.m4a" && file.contentType == "audio/mp4")
            #expect(file.body == Self.audio, "the recording's exact bytes")

            // Another request: a fresh random boundary, and no prompt or language parts when none are given.
            _ = try await Self.transcriber(fake, model: "whisper-1").transcribe(audio: Data([1, 2, 3]), filename: "voice.wav", mimeType: "audio/wav", language: nil, prompt: nil)
            let (bare, secondBoundary) = try Self.form(try #require(fake.received.value.last))
            #expect(secondBoundary != boundary)
            #expect(bare.parts.map(\.name).sorted() == ["file", "model", "response_format"])
            #expect(bare.field("model") == "whisper-1" && bare.part("file")?.body == Data([1, 2, 3]) && bare.part("file")?.contentType == "audio/wav")
        }
    }

    @Test("an empty transcript is returned as \"\" (the caller decides), and a keyless compatible server gets no Authorization header")
    func emptyTranscriptAndNoKey() async throws {
        try await withFakeProviders { fake in
            fake.answer.value = ""
            let text = try await Self.transcriber(fake, apiKey: nil).transcribe(
                audio: Self.audio, filename: "silence.m4a", mimeType: "audio/mp4", language: nil, prompt: Self.prompt)
            #expect(text == "")
            #expect(fake.received.value.last?.headers["authorization"] == nil)
        }
    }

    @Test("a filename or content type with quotes or line breaks cannot add headers or parts")
    func headerInjection() async throws {
        try await withFakeProviders { fake in
            let filename = "a\"; name=\"model\r\nContent-Type: text/plain\r\n\r\nevil\r\n--x\r\n.m4a"
            _ = try await Self.transcriber(fake).transcribe(audio: Self.audio, filename: filename, mimeType: "audio/mp4\r\nX-Evil: 1", language: nil, prompt: nil)
            let (form, _) = try Self.form(try #require(fake.received.value.last))
            #expect(form.parts.map(\.name).sorted() == ["file", "model", "response_format"])
            #expect(form.field("model") == "gpt-4o-mini-transcribe")
            let file = try #require(form.part("file"))
            #expect(file.body == Self.audio)
            #expect(file.filename.map { !$0.contains("\"") && !$0.contains("\r") && !$0.contains("\n") && $0.hasSuffix(".m4a") } == true, "\(file.filename ?? "nil")")
            #expect(file.contentType?.contains("\r") == false && file.contentType?.contains("\n") == false)
        }
    }

    @Test("HTTP errors map to ProviderError like the chat clients' (401, 429 with Retry-After, 4xx, 5xx, unreadable answers, timeouts)")
    func errorsAreMapped() async throws {
        try await withFakeProviders { fake in
            let transcriber = Self.transcriber(fake)
            let cases: [(FakeProviderServer.Behavior, ProviderError)] = [
                (
                    .status(401, body: #"{"error":{"message":"Incorrect API key provided: sk-t","type":"invalid_request_error","code":"invalid_api_key"}}"#, headers: [:]),
                    .unauthorized("Incorrect API key provided: sk-t")
                ),
                (.status(429, body: #"{"error":{"message":"Rate limit reached for whisper-1","type":"requests"}}"#, headers: ["retry-after": "7"]), .rateLimited(retryAfter: 7)),
                (.status(429, body: "{}", headers: [:]), .rateLimited(retryAfter: nil)),
                (.status(400, body: #"{"error":{"message":"Invalid file format.","type":"invalid_request_error"}}"#, headers: [:]), .badRequest("Invalid file format.")),
                (.status(500, body: #"{"error":{"message":"The server had an error"}}"#, headers: [:]), .server(status: 500, message: "The server had an error")),
                (.status(503, body: "<html>unavailable</html>", headers: [:]), .server(status: 503, message: "HTTP 503")),
            ]
            for (behavior, expected) in cases {
                fake.behavior.value = behavior
                await #expect(throws: expected, "\(behavior)") {
                    try await transcriber.transcribe(audio: Self.audio, filename: "memo.m4a", mimeType: "audio/mp4", language: nil, prompt: nil)
                }
            }
            for behavior in [FakeProviderServer.Behavior.malformed, .status(200, body: #"{"transcript":"not the field"}"#, headers: [:])] {
                fake.behavior.value = behavior
                do {
                    _ = try await transcriber.transcribe(audio: Self.audio, filename: "memo.m4a", mimeType: "audio/mp4", language: nil, prompt: nil)
                    Issue.record("an unreadable answer must fail: \(behavior)")
                } catch let error as ProviderError {
                    guard case .malformedResponse = error else { Issue.record("expected malformedResponse, got \(error)"); continue }
                    #expect(!error.isRetryable)
                }
            }
            fake.behavior.value = .delay(.seconds(3))
            await #expect(throws: ProviderError.timeout) {
                try await Self.transcriber(fake, timeout: .milliseconds(300)).transcribe(audio: Self.audio, filename: "memo.m4a", mimeType: "audio/mp4", language: nil, prompt: nil)
            }
        }
    }
}
