import AsyncHTTPTransport
import ClientCore
import Foundation
import Hummingbird
import HummingbirdTesting
import PlatformAPI
import PlatformCore
import Synchronization
import Testing

import func TestSupport.eventually

/// The SDKs' streaming call (`APIClient.stream` over `URLSessionTransport.stream`, and over
/// `AsyncHTTPClientTransport.stream`, which the CLIs and tests use on Linux) against a real
/// server on 127.0.0.1 writing with the platform's ``EventStream`` or raw chunks: events arrive one
/// by one while the stream is open, characters split across TCP writes arrive whole, cancelling or
/// dropping the reader closes the connection, error statuses become the `ClientError` `send`
/// throws, a 401 is refreshed once, and nothing is sent again once events flowed.
@Suite("Streaming client", .timeLimit(.minutes(2)))
struct StreamingClientTests {
    static let app = AppID("memo")

    /// Runs `body` with a client of a live server whose routes `routes` adds. The client's session
    /// holds the access token `token` (refresh token `r1`).
    static func withClient(
        _ transport: LiveTransport, token: String = "good", retry: RetryPolicy = .none, _ routes: (Router<BasicRequestContext>) -> Void,
        _ body: @Sendable (APIClient) async throws -> Void
    ) async throws {
        let router = Router()
        routes(router)
        let server = Application(
            router: router, server: .hardenedHTTP1(.init(headerTimeout: .seconds(5), idleTimeout: .seconds(30))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await server.test(.live) { client in
            try await body(Self.client(transport, port: try #require(client.port), token: token, retry: retry))
        }
    }

    static func client(_ transport: LiveTransport, port: Int, token: String = "good", retry: RetryPolicy = .none) -> APIClient {
        let stored = StoredSession(userId: "u1", accessToken: token, refreshToken: "r1", accessTokenExpiresAt: Date().addingTimeInterval(3600))
        return APIClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, routes: PlatformRoutes(app: app), session: ClientSession(store: InMemoryTokenStore(stored)),
            transport: transport.make(timeout: 10), retry: retry)
    }

    static func get(_ path: String) -> APICall { APICall(method: "GET", path: path, authenticated: false) }

    /// A `text/event-stream` answer written as the given chunks, one write each, `pause` apart.
    static func rawStream(_ chunks: [[UInt8]], pause: Duration = .zero) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/event-stream"],
            body: ResponseBody { writer in
                for chunk in chunks {
                    try await writer.write(ByteBuffer(bytes: chunk))
                    if pause > .zero { try await Task.sleep(for: pause) }
                }
                try await writer.finish(nil)
            })
    }

    @Test("events arrive one by one while the server holds the stream open", arguments: LiveTransport.allCases)
    func eventsArriveAsSent(_ transport: LiveTransport) async throws {
        let (release, releaser) = AsyncStream<Void>.makeStream()
        try await Self.withClient(
            transport,
            { router in
                router.get("held") { _, _ in
                    EventStream.response { sender in
                        try await sender.send(ServerSentEvent(id: "1", event: "delta", data: "one"))
                        for await _ in release { break }  // held until the client has read the first event
                        try await sender.send(ServerSentEvent(data: "two\nlines"))
                    }
                }
            }
        ) { client in
            let response = try await client.stream(Self.get("/held"))
            #expect(response.status == 200)
            #expect(response.head.header("content-type")?.hasPrefix("text/event-stream") == true)
            var events = response.events.makeAsyncIterator()
            #expect(try await events.next() == ServerSentEvent(id: "1", event: "delta", data: "one"), "the first event arrived while the producer still runs")
            releaser.yield()
            #expect(try await events.next() == ServerSentEvent(id: "1", data: "two\nlines"))
            #expect(try await events.next() == nil, "the stream ends with the producer")
        }
    }

    @Test("characters split across TCP writes arrive intact", arguments: LiveTransport.allCases)
    func splitCharacters(_ transport: LiveTransport) async throws {
        let text = Array("data: café ☕\n\ndata: 👨‍👩‍👧\n\n".utf8)
        // Split inside é (2 bytes), ☕ (3 bytes) and the family emoji (4-byte scalars joined by ZWJ).
        let cuts = [10, 14, 26, 30, text.count]
        let chunks = zip([0] + cuts, cuts).map { Array(text[$0..<$1]) }
        #expect(chunks.map { String(validating: $0, as: UTF8.self) }.contains(nil), "the cuts fall inside characters")
        try await Self.withClient(
            transport,
            { router in
                router.get("split") { _, _ in Self.rawStream(chunks, pause: .milliseconds(50)) }
            }
        ) { client in
            let events = try await Array(client.stream(Self.get("/split")).events)
            #expect(events == [ServerSentEvent(data: "café ☕"), ServerSentEvent(data: "👨‍👩‍👧")])
        }
    }

    @Test("recorded streams written one byte per write give the events the standard dispatches", arguments: LiveTransport.allCases, ServerSentEventTests.streams.indices)
    func recordedStreamsByteByByte(_ transport: LiveTransport, _ index: Int) async throws {
        let recorded = ServerSentEventTests.streams[index]
        try await Self.withClient(
            transport,
            { router in
                router.get("recorded") { _, _ in Self.rawStream(recorded.bytes.map { [$0] }) }
            }
        ) { client in
            let events = try await Array(client.stream(Self.get("/recorded")).events)
            #expect(events == recorded.events, "\(recorded.name)")
        }
    }

    @Test("recorded streams from a transport yielding one byte per chunk give the same events through APIClient")
    func recordedStreamsThroughAFakeTransport() async throws {
        for recorded in ServerSentEventTests.streams {
            let client = APIClient(
                baseURL: URL(string: "http://example.invalid")!, routes: PlatformRoutes(app: Self.app), session: ClientSession(store: InMemoryTokenStore()),
                transport: ByteByByteTransport(bytes: recorded.bytes), retry: .none)
            let events = try await Array(client.stream(Self.get("/recorded")).events)
            #expect(events == recorded.events, "\(recorded.name)")
        }
    }

    @Test("a transport with only `send` streams its whole body as one chunk")
    func defaultStreamYieldsTheWholeBody() async throws {
        let response = try await WholeBodyTransport().stream(HTTPRequestData(method: "GET", url: URL(string: "http://example.invalid/x")!))
        #expect(response.head.status == 200 && response.head.body.isEmpty)
        #expect(try await Array(response.body) == [Data("data: whole\n\n".utf8)])
    }

    /// A route producing an event every 10 ms until it is stopped; `ended` is told how it ended.
    static func endless(_ ended: @escaping @Sendable (String) -> Void) -> Response {
        EventStream.response { sender in
            do {
                for index in 0..<100_000 {
                    try await sender.send(ServerSentEvent(data: "event \(index)"))
                    try await Task.sleep(for: .milliseconds(10))
                }
                ended("finished")
            } catch {
                ended("stopped")
                throw error
            }
        }
    }

    /// How the producer ended, once it did (nil after ``testPatience``).
    static func waitUntilEnded(_ ended: @Sendable () -> String?) async throws -> String? {
        _ = try await eventually { ended() != nil }
        return ended()
    }

    @Test("cancelling the task that reads the events closes the connection: the server's producer is cancelled", arguments: LiveTransport.allCases)
    func cancellingClosesTheConnection(_ transport: LiveTransport) async throws {
        let ended = Mutex<String?>(nil)
        try await Self.withClient(
            transport,
            { router in
                router.get("endless") { _, _ in Self.endless { how in ended.withLock { $0 = how } } }
            }
        ) { client in
            let (seen, saw) = AsyncStream<Int>.makeStream()
            let reader = Task {
                var count = 0
                for try await _ in try await client.stream(Self.get("/endless")).events {
                    count += 1
                    saw.yield(count)
                }
            }
            for await count in seen where count >= 3 { break }
            reader.cancel()
            _ = await reader.result
            let how = try await Self.waitUntilEnded { ended.withLock { $0 } }
            #expect(how == "stopped")
        }
    }

    @Test("dropping the events unread closes the connection", arguments: LiveTransport.allCases)
    func droppingClosesTheConnection(_ transport: LiveTransport) async throws {
        let ended = Mutex<String?>(nil)
        try await Self.withClient(
            transport,
            { router in
                router.get("endless") { _, _ in Self.endless { how in ended.withLock { $0 = how } } }
            }
        ) { client in
            do {
                let response = try await client.stream(Self.get("/endless"))
                var events = response.events.makeAsyncIterator()
                #expect(try await events.next()?.data == "event 0")
            }
            let how = try await Self.waitUntilEnded { ended.withLock { $0 } }
            #expect(how == "stopped")
        }
    }

    @Test("an error status before the stream is read whole and thrown as the ClientError `send` throws", arguments: LiveTransport.allCases)
    func errorStatus(_ transport: LiveTransport) async throws {
        try await Self.withClient(
            transport,
            { router in
                router.get("missing") { _, _ -> Response in throw APIError(.notFound, code: "memo_not_found", message: "No such memo.") }
                router.get("invalid") { _, _ -> Response in
                    throw APIError(.unprocessableContent, code: "validation_failed", message: "Invalid.", fields: [FieldError(field: "text", message: "is required")])
                }
                router.get("busy") { _, _ -> Response in throw APIError(.serviceUnavailable, code: "busy", message: "Try later.") }
            }
        ) { client in
            await #expect(throws: ClientError.notFound("No such memo.")) { try await client.stream(Self.get("/missing")) }
            await #expect(throws: ClientError.validation(message: "Invalid.", fields: [FieldError(field: "text", message: "is required")])) {
                try await client.stream(Self.get("/invalid"))
            }
            await #expect(throws: ClientError.server(status: 503, code: "busy", message: "Try later.")) { try await client.stream(Self.get("/busy")) }
        }
    }

    @Test("a 2xx that is not an event stream is a decoding error, not an empty stream", arguments: LiveTransport.allCases)
    func notAStream(_ transport: LiveTransport) async throws {
        try await Self.withClient(
            transport,
            { router in
                router.get("json") { _, _ in ["ok": true] }
            }
        ) { client in
            await #expect {
                try await client.stream(Self.get("/json"))
            } throws: { error in
                if case .decoding = error as? ClientError { true } else { false }
            }
        }
    }

    @Test("an authenticated stream refused with 401 is refreshed once and opened with the new token", arguments: LiveTransport.allCases)
    func refreshOnce(_ transport: LiveTransport) async throws {
        let seen = Mutex<[String]>([])
        try await Self.withClient(
            transport, token: "stale",
            { router in
                router.post("memo/auth/refresh") { _, _ in
                    seen.withLock { $0.append("refresh") }
                    return try Response(
                        status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(data: JSONEncoder().encode(TokenPair(accessToken: "fresh", refreshToken: "r2", expiresIn: 900, userId: "u1")))))
                }
                router.post("memo/api/v1/memos/stream") { request, _ -> Response in
                    let authorization = request.headers[.authorization] ?? ""
                    seen.withLock { $0.append(authorization) }
                    guard authorization == "Bearer fresh" else {
                        throw APIError(.unauthorized, code: "invalid_token", message: "The token expired.", headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#])
                    }
                    #expect(request.headers[.accept] == "text/event-stream")
                    return EventStream.response { sender in try await sender.send(ServerSentEvent(data: "hello")) }
                }
            }
        ) { client in
            let call = APICall(method: "POST", path: "/memo/api/v1/memos/stream", body: Data(#"{"text":"hi"}"#.utf8))
            let events = try await Array(client.stream(call).events)
            #expect(events == [ServerSentEvent(data: "hello")])
            #expect(seen.withLock { $0 } == ["Bearer stale", "refresh", "Bearer fresh"])
            #expect(await client.session.stored?.accessToken == "fresh")
        }
    }

    @Test("a stream that cannot connect is tried again by the policy, a POST without an Idempotency-Key too (nothing was sent)", arguments: LiveTransport.allCases)
    func retriesBeforeTheFirstByte(_ transport: LiveTransport) async throws {
        let waits = Mutex<Int>(0)
        let retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, sleep: { _ in waits.withLock { $0 += 1 } })
        let closed = Self.client(transport, port: 9, retry: retry)  // the discard port: nothing listens on 127.0.0.1
        for (call, expectedWaits) in [
            (Self.get("/stream"), 2), (APICall(method: "POST", path: "/stream", authenticated: false), 2),
            (APICall(method: "POST", path: "/stream", headers: [PreconditionHeaders.idempotencyKey: "k1"], authenticated: false), 2),
        ] {
            waits.withLock { $0 = 0 }
            await #expect {
                try await closed.stream(call)
            } throws: { error in
                if case .offline = error as? ClientError { true } else { false }
            }
            #expect(waits.withLock { $0 } == expectedWaits, "\(call.method) \(call.headers)")
        }
    }

    @Test("a POST whose stream breaks after events arrived is not sent again; the events end with `offline`", arguments: LiveTransport.allCases)
    func noResendAfterEvents(_ transport: LiveTransport) async throws {
        let requests = Mutex(0)
        let retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, sleep: { _ in })
        try await Self.withClient(
            transport, retry: retry,
            { router in
                router.post("broken") { _, _ in
                    requests.withLock { $0 += 1 }
                    return Response(
                        status: .ok, headers: [.contentType: "text/event-stream"],
                        body: ResponseBody { writer in
                            try await writer.write(ByteBuffer(string: "data: first\n\n"))
                            try await Task.sleep(for: .milliseconds(50))
                            throw CancellationError()  // the connection is cut mid-stream
                        })
                }
            }
        ) { client in
            let call = APICall(method: "POST", path: "/broken", headers: [PreconditionHeaders.idempotencyKey: "k2"], authenticated: false)
            var events = try await client.stream(call).events.makeAsyncIterator()
            #expect(try await events.next() == ServerSentEvent(data: "first"))
            await #expect {
                _ = try await events.next()
            } throws: { error in
                if case .offline = error as? ClientError { true } else { false }
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(requests.withLock { $0 } == 1)
        }
    }
}

/// Streams a fixed `text/event-stream` body one byte per chunk.
private struct ByteByByteTransport: HTTPTransport {
    let bytes: [UInt8]

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        HTTPResponseData(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data(bytes))
    }

    func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        let bytes = self.bytes
        return HTTPStreamingResponse(
            head: HTTPResponseData(status: 200, headers: ["Content-Type": "text/event-stream"]),
            body: AsyncThrowingStream { continuation in
                for byte in bytes { continuation.yield(Data([byte])) }
                continuation.finish()
            })
    }
}

/// A transport with only `send`: its stream is the protocol's default.
private struct WholeBodyTransport: HTTPTransport {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        HTTPResponseData(status: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: whole\n\n".utf8))
    }
}

/// Which failures `APIClient` sends a POST again after, over the real transport: a connection that
/// could not be made (nothing was sent) is tried again by the policy; a request that went out and
/// got no answer in time is not (the server may have acted on it).
@Suite("Client retries by what reached the server", .timeLimit(.minutes(1)))
struct ConnectionNotMadeTests {
    struct PortUnavailable: Error {}

    /// A port nothing listens on (bound, then closed).
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                guard bind(socket, raw, length) == 0, getsockname(socket, raw, &length) == 0 else { throw PortUnavailable() }
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("a refused connection is ConnectionNotMade: a POST is tried the policy's times, then offline", arguments: LiveTransport.allCases)
    func refusedIsRetried(_ transport: LiveTransport) async throws {
        let tries = Mutex(0)
        let port = try Self.closedPort()
        let client = StreamingClientTests.client(
            transport, port: port, retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, sleep: { _ in tries.withLock { $0 += 1 } }))
        do {
            _ = try await client.send(APICall(method: "POST", path: "/memo/v1/things", body: Data("{}".utf8)))
            Issue.record("a closed port answered")
        } catch let error as ClientError {
            guard case .offline = error else { Issue.record("not offline: \(error)"); return }
        }
        #expect(tries.withLock { $0 } == 2, "three attempts, two waits")
    }

    @Test("a POST that went out and got no answer in time is not sent again", arguments: LiveTransport.allCases)
    func timeoutIsNotRetried(_ transport: LiveTransport) async throws {
        let received = Mutex(0)
        let router = Router()
        router.post("slow") { _, _ -> Response in
            received.withLock { $0 += 1 }
            try await Task.sleep(for: .seconds(5))
            return Response(status: .ok)
        }
        let server = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await server.test(.live) { live in
            let stored = StoredSession(userId: "u1", accessToken: "good", refreshToken: "r1", accessTokenExpiresAt: Date().addingTimeInterval(3600))
            let client = APIClient(
                baseURL: URL(string: "http://127.0.0.1:\(try #require(live.port))")!, routes: PlatformRoutes(app: StreamingClientTests.app),
                session: ClientSession(store: InMemoryTokenStore(stored)), transport: transport.make(timeout: 1),
                retry: RetryPolicy(maxAttempts: 3, baseDelay: 0, sleep: { _ in }))
            do {
                _ = try await client.send(APICall(method: "POST", path: "/slow", body: Data("{}".utf8), authenticated: false))
                Issue.record("the slow route answered in time")
            } catch let error as ClientError {
                guard case .offline = error else { Issue.record("not offline: \(error)"); return }
            }
            // The handler counts the request when it starts, which a busy machine may delay past the
            // client's second: waited for, then still one.
            #expect(try await eventually { received.withLock { $0 } >= 1 }, "the request reached the server")
            #expect(received.withLock { $0 } == 1, "sent once")
        }
    }
}

/// The two real transports every streaming rule is checked on.
enum LiveTransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession, asyncHTTPClient

    func make(timeout: TimeInterval) -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport(timeout: timeout)
        case .asyncHTTPClient: AsyncHTTPClientTransport(timeout: timeout)
        }
    }

    var testDescription: String { rawValue }
}
