import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PlatformCore

/// A fake of the AI providers on 127.0.0.1 that speaks their real wire formats — Anthropic Messages,
/// OpenAI Chat Completions / Embeddings / Transcriptions, Gemini generateContent, Vertex predict —
/// including their streaming framing. Tests choose what it answers and inspect what it received.
public final class FakeProviderServer: Sendable {
    /// What the next requests get.
    public enum Behavior: Sendable {
        case succeed
        case status(Int, body: String, headers: [String: String])
        case malformed
        case delay(Duration)
    }

    public struct Received: Sendable {
        public let path: String
        public let headers: [String: String]
        public let body: Data

        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    public let behavior = LockedValue<Behavior>(.succeed)
    /// Behaviors used once each, before falling back to ``behavior`` (e.g. fail twice, then succeed).
    public let script = LockedValue<[Behavior]>([])
    public let received = LockedValue<[Received]>([])
    /// The answer text the fake gives.
    public let answer = LockedValue("Hello from the fake")
    let boundPort = LockedValue(0)

    init() {}

    public var port: Int { boundPort.value }

    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public var requestCount: Int { received.value.count }

    func next() -> Behavior {
        script.withLock { queue in queue.isEmpty ? nil : queue.removeFirst() } ?? behavior.value
    }

    static func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func sse(_ events: [String]) -> Response {
        let chunks = events.map { ByteBuffer(string: $0) }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream"],
            body: .init { writer in
                for chunk in chunks { try await writer.write(chunk) }
                try await writer.finish(nil)
            }
        )
    }

    /// Applies the current behavior; returns a response unless the request should succeed.
    func intercept(_ request: Request, path: String) async throws -> (Response?, Data) {
        let body = Data(buffer: try await request.body.collect(upTo: 8 << 20))
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        received.withLock { $0.append(Received(path: path, headers: headers, body: body)) }
        switch next() {
        case .succeed:
            return (nil, body)
        case .status(let code, let text, let extra):
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            for (name, value) in extra { fields[HTTPField.Name(name)!] = value }
            return (Response(status: .init(code: code), headers: fields, body: .init(byteBuffer: ByteBuffer(string: text))), body)
        case .malformed:
            return (Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: "{\"unexpected\": tru"))), body)
        case .delay(let duration):
            try await Task.sleep(for: duration)
            return (nil, body)
        }
    }

    func routes(_ router: Router<BasicRequestContext>) {
        let answer = self.answer
        router.post("v1/messages") { request, _ -> Response in
            let (intercepted, body) = try await self.intercept(request, path: "/v1/messages")
            if let intercepted { return intercepted }
            let input = (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
            let text = answer.value
            if input["stream"] as? Bool == true {
                let halves = [String(text.prefix(text.count / 2)), String(text.dropFirst(text.count / 2))]
                return Self.sse(
                    [
                        "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"\(input["model"] ?? "")\",\"usage\":{\"input_tokens\":12,\"output_tokens\":1}}}\n\n",
                        "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
                        "event: ping\ndata: {\"type\": \"ping\"}\n\n",
                    ]
                        + halves.map {
                            "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\(Self.quote($0))}}\n\n"
                        } + [
                            "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
                            "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":7}}\n\n",
                            "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
                        ])
            }
            return Self.json([
                "id": "msg_1", "type": "message", "role": "assistant", "model": input["model"] ?? "",
                "content": [["type": "text", "text": text]], "stop_reason": "end_turn",
                "usage": ["input_tokens": 12, "output_tokens": 7],
            ])
        }
        router.post("v1/chat/completions") { request, _ -> Response in
            let (intercepted, body) = try await self.intercept(request, path: "/v1/chat/completions")
            if let intercepted { return intercepted }
            let input = (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
            let text = answer.value
            let model = input["model"] as? String ?? ""
            if input["stream"] as? Bool == true {
                let halves = [String(text.prefix(text.count / 2)), String(text.dropFirst(text.count / 2))]
                return Self.sse(
                    [
                        "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"\(model)\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n"
                    ]
                        + halves.map {
                            "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"\(model)\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\(Self.quote($0))},\"finish_reason\":null}]}\n\n"
                        }
                        + [
                            "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"\(model)\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n",
                            "data: {\"id\":\"c1\",\"object\":\"chat.completion.chunk\",\"model\":\"\(model)\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":7,\"total_tokens\":19}}\n\n",
                            "data: [DONE]\n\n",
                        ])
            }
            return Self.json([
                "id": "c1", "object": "chat.completion", "model": model,
                "choices": [["index": 0, "message": ["role": "assistant", "content": text], "finish_reason": "stop"]],
                "usage": ["prompt_tokens": 12, "completion_tokens": 7, "total_tokens": 19],
            ])
        }
        router.post("v1beta/models/:action") { request, context -> Response in
            let action = context.parameters.get("action") ?? ""
            let (intercepted, _) = try await self.intercept(request, path: "/v1beta/models/\(action)")
            if let intercepted { return intercepted }
            let text = answer.value
            let usage: [String: Any] = ["promptTokenCount": 12, "candidatesTokenCount": 7, "totalTokenCount": 19]
            if action.hasSuffix(":streamGenerateContent") {
                let halves = [String(text.prefix(text.count / 2)), String(text.dropFirst(text.count / 2))]
                return Self.sse(
                    halves.enumerated().map { index, piece in
                        let finish = index == halves.count - 1 ? ",\"finishReason\":\"STOP\"" : ""
                        let meta = index == halves.count - 1 ? ",\"usageMetadata\":{\"promptTokenCount\":12,\"candidatesTokenCount\":7,\"totalTokenCount\":19}" : ""
                        return "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\(Self.quote(piece))}],\"role\":\"model\"}\(finish),\"index\":0}]\(meta)}\r\n\r\n"
                    })
            }
            return Self.json(["candidates": [["content": ["parts": [["text": text]], "role": "model"], "finishReason": "STOP", "index": 0]], "usageMetadata": usage])
        }
        router.post("v1/embeddings") { request, _ -> Response in
            let (intercepted, body) = try await self.intercept(request, path: "/v1/embeddings")
            if let intercepted { return intercepted }
            let input = ((try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["input"] as? [String]) ?? []
            let data = input.enumerated().map { index, text in ["object": "embedding", "index": index, "embedding": Self.fakeVector(text, dimensions: 8)] as [String: Any] }
            return Self.json([
                "object": "list", "data": Array(data.reversed()), "model": "text-embedding-3-small", "usage": ["prompt_tokens": input.count * 3, "total_tokens": input.count * 3],
            ])
        }
        router.post("v1/projects/:project/locations/:location/publishers/google/models/:action") { request, context -> Response in
            let (intercepted, body) = try await self.intercept(request, path: "/vertex/\(context.parameters.get("action") ?? "")")
            if let intercepted { return intercepted }
            let instances = ((try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["instances"] as? [[String: Any]]) ?? []
            let predictions = instances.map {
                ["embeddings": ["values": Self.fakeVector($0["content"] as? String ?? "", dimensions: 8), "statistics": ["token_count": 3, "truncated": false]]]
            }
            return Self.json(["predictions": predictions])
        }
        router.post("v1/audio/transcriptions") { request, _ -> Response in
            let (intercepted, body) = try await self.intercept(request, path: "/v1/audio/transcriptions")
            if let intercepted { return intercepted }
            // Like OpenAI: a form that does not parse, or lacks `model` or a named `file`, is a 400.
            guard let boundary = MultipartForm.boundary(of: request.headers[.contentType]), let form = try? MultipartForm(parsing: body, boundary: boundary) else {
                return Self.json(["error": ["message": "Could not parse multipart form", "type": "invalid_request_error"]], status: .badRequest)
            }
            guard let model = form.field("model"), !model.isEmpty, let file = form.part("file"), file.filename?.isEmpty == false else {
                return Self.json(["error": ["message": "you must provide a model parameter and a file", "type": "invalid_request_error"]], status: .badRequest)
            }
            return Self.json(["text": answer.value])
        }
    }

    static func quote(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text])) ?? Data(), as: UTF8.self).dropFirst().dropLast().description
    }

    /// A deterministic unit vector for `text`, so tests can check order and values.
    public static func fakeVector(_ text: String, dimensions: Int) -> [Double] {
        var values = (0..<dimensions).map { Double(($0 + 1) * (text.count + 1) % 7) + 0.5 }
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        values = values.map { $0 / norm }
        return values
    }
}

/// Runs `body` with a live fake provider server, shut down afterwards.
public func withFakeProviders<T: Sendable>(_ body: @Sendable (FakeProviderServer) async throws -> T) async throws -> T {
    let server = FakeProviderServer()
    let router = Router()
    server.routes(router)
    return try await withLocalHTTPServer(router, label: "fake-providers") { port in
        server.boundPort.value = port
        return try await body(server)
    }
}
