import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PlatformCore
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

/// The server's `text/event-stream` answers (``EventStream``) over a real socket, through the
/// platform's hardened HTTP/1.1 channel: events leave as they are sent, heartbeats keep an idle
/// stream open, a client that goes away cancels the work, and a failure becomes a last `error` event.
@Suite("Event streams", .timeLimit(.minutes(2)))
struct EventStreamTests {
    /// Runs `body` against a live server whose `GET /stream` answers with `route`.
    static func withStreamServer(
        heartbeat: Duration = .seconds(15), _ route: @escaping @Sendable (EventStreamSender) async throws -> Void, _ body: @Sendable (URL) async throws -> Void
    ) async throws {
        let router = Router()
        router.get("stream") { _, _ in EventStream.response(heartbeat: heartbeat, route) }
        let app = Application(
            router: router, server: .hardenedHTTP1(.init(headerTimeout: .seconds(5), idleTimeout: .seconds(60))),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(try #require(client.port))")!)
        }
    }

    static let request = "GET /stream HTTP/1.1\r\nHost: t\r\n\r\n"

    @Test("each event leaves when it is sent, not when the stream ends; the head says text/event-stream")
    func eventsLeaveAsSent() async throws {
        let (release, releaser) = AsyncStream<Void>.makeStream()
        try await Self.withStreamServer({ sender in
            try await sender.send(ServerSentEvent(id: "1", event: "delta", data: "one"))
            for await _ in release { break }  // held until the test has read the first event
            try await sender.send(ServerSentEvent(data: "two\nlines"))
        }) { url in
            let connection = try RawConnection(url)
            try await connection.send(Self.request)
            let first = try await connection.readUntil("data: one\n\n", timeout: testPatience)
            #expect(first.contains("data: one\n\n"), "the first event arrived while the producer still runs: \(first)")
            #expect(first.lowercased().contains("content-type: text/event-stream"))
            #expect(first.lowercased().contains("cache-control: no-store"))
            releaser.yield()
            let all = try await connection.readUntil("data: lines\n\n", timeout: testPatience)
            #expect(all.contains("id: 1\nevent: delta\ndata: one\n\n") && all.contains("data: two\ndata: lines\n\n"), "\(all)")
        }
    }

    @Test("an idle stream carries a keep-alive comment at each heartbeat")
    func heartbeats() async throws {
        let (release, releaser) = AsyncStream<Void>.makeStream()
        try await Self.withStreamServer(
            heartbeat: .milliseconds(100),
            { sender in
                for await _ in release { break }  // idle until the test has seen two heartbeats
                try await sender.send(ServerSentEvent(data: "late"))
            }
        ) { url in
            let connection = try RawConnection(url)
            try await connection.send(Self.request)
            var text = ""
            _ = try await eventually {
                text = try await connection.readUntil("data: late", timeout: .milliseconds(200))
                return text.components(separatedBy: ": keep-alive\n\n").count - 1 >= 2
            }
            #expect(text.components(separatedBy: ": keep-alive\n\n").count - 1 >= 2, "heartbeats while the producer is idle: \(text)")
            #expect(!text.contains("data: late"))
            releaser.yield()
            #expect(try await connection.readUntil("data: late\n\n", timeout: testPatience).contains("data: late\n\n"))
        }
    }

    @Test("a client that goes away cancels the producer; its send throws instead of waiting")
    func disconnectCancels() async throws {
        let ended = Mutex<String?>(nil)
        try await Self.withStreamServer({ sender in
            do {
                for index in 0..<10_000 {
                    try await sender.send(ServerSentEvent(data: "event \(index)"))
                    try await Task.sleep(for: .milliseconds(10))
                }
                ended.withLock { $0 = "finished" }
            } catch {
                ended.withLock { $0 = "stopped: \(error)" }
                throw error
            }
        }) { url in
            let connection = try RawConnection(url)
            try await connection.send(Self.request)
            _ = try await connection.readUntil("data: event 2\n\n", timeout: testPatience)
            connection.hangUp()
            #expect(try await eventually { ended.withLock { $0 } != nil })
            #expect(ended.withLock { $0 }?.hasPrefix("stopped") == true, "\(String(describing: ended.withLock { $0 }))")
        }
    }

    @Test("a producer that fails after the stream began ends it with an `error` event holding the API's error body")
    func failureBecomesAnEvent() async throws {
        try await Self.withStreamServer({ sender in
            try await sender.send(ServerSentEvent(data: "partial"))
            throw APIError(.serviceUnavailable, code: "model_unavailable", message: "No model answered.")
        }) { url in
            let connection = try RawConnection(url)
            try await connection.send(Self.request)
            let text = try await connection.readUntil("\r\n0\r\n\r\n", timeout: testPatience)
            #expect(text.contains("data: partial\n\n"))
            #expect(text.contains("event: error\ndata: {\"error\":{\"code\":\"model_unavailable\""), "\(text)")
        }
    }

    @Test("a stream open when the server shuts down gracefully: the work is cancelled and awaited, then a last error server_restarting")
    func gracefulShutdownEndsOpenStreams() async throws {
        let ended = Mutex(false)
        let router = Router()
        router.get("stream") { _, _ in
            EventStream.response { sender in
                try await sender.send(ServerSentEvent(data: "one"))
                do {
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    ended.withLock { $0 = true }  // what a producer records of its end
                    throw error
                }
            }
        }
        let port = Mutex<Int?>(nil)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port } })
        let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "event-stream-shutdown")))
        let running = Task { try await group.run() }
        defer { running.cancel() }
        #expect(try await eventually { port.withLock { $0 } != nil })
        let connection = try RawConnection(URL(string: "http://127.0.0.1:\(try #require(port.withLock { $0 }))")!)
        try await connection.send(Self.request)
        _ = try await connection.readUntil("data: one\n\n", timeout: testPatience)
        await group.triggerGracefulShutdown()
        let rest = try await connection.readUntil("server_restarting", timeout: testPatience)
        #expect(rest.contains("event: error\ndata: {") && rest.contains(#""code":"server_restarting""#), "\(rest)")
        #expect(ended.withLock { $0 }, "the producer was cancelled and ran to its end first")
        try await running.value
    }
}
