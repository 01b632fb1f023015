import AsyncHTTPTransport
import ClientCore
import Foundation
import Hummingbird
import NIOCore
import PlatformAPI
import PlatformCore
import Synchronization
import TestSupport
import Testing

/// The transport the CLIs and the tests' socket clients use on Linux (``AsyncHTTPClientTransport``)
/// under the load and cancellation that crashed URLSession here: hundreds of streams and requests
/// started and cancelled at once, and a thousand requests each racing a cancel against its
/// completion. Every caller returns, nothing is left in flight, and the server sees every stream end.
/// Also the bounds a peer cannot withhold: the SDK's stream reader gives up on a silent stream, and
/// the server lets go of a client that stopped reading.
@Suite("AsyncHTTPClient transport under load and cancellation", .timeLimit(.minutes(3)))
struct AsyncHTTPClientTransportTests {
    /// A server with a stream that never ends on its own (`/stream`: an event every 10 ms), a quick
    /// answer (`/quick`), a stream that sends its head and then nothing (`/silent`) and a large
    /// stream for a reader that stops (`/flood`); `producing` counts the streams still being written.
    final class Fixture: Sendable {
        let producing = Atomic<Int>(0)
        let floodEnded = Atomic<Bool>(false)

        var router: Router<BasicRequestContext> {
            let router = Router()
            router.get("quick") { _, _ in "ok" }
            router.get("stream") { _, _ -> Response in
                EventStream.response(heartbeat: .seconds(15)) { sender in
                    self.producing.add(1, ordering: .relaxed)
                    defer { self.producing.subtract(1, ordering: .relaxed) }
                    for index in 0..<100_000 {
                        try await sender.send(ServerSentEvent(event: "tick", data: "\(index)"))
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
            }
            router.get("silent") { _, _ -> Response in
                EventStream.response(heartbeat: .seconds(3600)) { _ in try await Task.sleep(for: .seconds(3600)) }
            }
            router.get("flood") { _, _ -> Response in
                EventStream.response(heartbeat: .seconds(3600)) { sender in
                    defer { self.floodEnded.store(true, ordering: .relaxed) }
                    let block = String(repeating: "x", count: 64 * 1024)
                    while true { try await sender.send(ServerSentEvent(event: "block", data: block)) }
                }
            }
            return router
        }
    }

    /// Serves `fixture` through the platform's hardened HTTP/1.1 channel, as the server does.
    static func withServer<T: Sendable>(
        _ fixture: Fixture, writeStall: TimeAmount = .seconds(60), _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        try await withLocalHTTPServer(fixture.router, label: "transport-tests", server: .hardenedHTTP1(.init(writeStallTimeout: writeStall))) { port in
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    static func get(_ base: URL, _ path: String) -> HTTPRequestData {
        HTTPRequestData(method: "GET", url: base.appendingPathComponent(path), headers: ["Accept": "text/event-stream"])
    }

    @Test("300 streams and requests started at once and cancelled while they run: every caller returns, nothing stays in flight, every stream ends on the server")
    func hundredsStartedAndCancelled() async throws {
        let fixture = Fixture()
        try await Self.withServer(fixture) { (base: URL) async throws in
            let transport = AsyncHTTPClientTransport(timeout: 30)
            let returned = Count()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<300 {
                    group.addTask {
                        defer { returned.add() }
                        if index.isMultiple(of: 2) {
                            guard let response = try? await transport.stream(Self.get(base, "stream")) else { return }
                            // Some readers drop the body after a few chunks, the others are cancelled while reading.
                            var chunks = 0
                            do {
                                for try await _ in response.body {
                                    chunks += 1
                                    if index.isMultiple(of: 4), chunks == 1 + index % 3 { break }
                                }
                            } catch {}
                        } else {
                            _ = try? await transport.send(Self.get(base, "quick"))
                        }
                    }
                }
                try? await Task.sleep(for: .milliseconds(300))
                group.cancelAll()
            }
            #expect(returned.value == 300)
            #expect(try await eventually { transport.outstanding == 0 }, "in flight: \(transport.outstanding)")
            #expect(try await eventually { fixture.producing.load(ordering: .relaxed) == 0 }, "streams still written: \(fixture.producing.load(ordering: .relaxed))")
            // The transport still works after it all.
            #expect(try await transport.send(Self.get(base, "quick")).status == 200)
        }
    }

    @Test("1,000 requests at once, each with a cancel racing its completion: each ends answered or cancelled, none lost, nothing in flight")
    func aThousandCancelsRacingCompletions() async throws {
        try await Self.withServer(Fixture()) { (base: URL) async throws in
            let transport = AsyncHTTPClientTransport(timeout: 30)
            let answered = Count()
            let cancelled = Count()
            let other = LockedValue<[String]>([])
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<1_000 {
                    group.addTask {
                        let request = Task { try await transport.send(Self.get(base, "quick")) }
                        // The cancel lands before, during or after the answer: 0 to 20 ms.
                        try? await Task.sleep(for: .microseconds((index * 7919) % 20_000))
                        request.cancel()
                        switch await request.result {
                        case .success(let response) where response.status == 200: answered.add()
                        case .success(let response): other.withLock { $0.append("status \(response.status)") }
                        case .failure(is CancellationError): cancelled.add()
                        case .failure(let error): other.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            #expect(answered.value + cancelled.value == 1_000, "\(other.withLock { $0.prefix(5) })")
            #expect(other.withLock { $0.isEmpty }, "\(other.withLock { $0.prefix(5) })")
            #expect(try await eventually { transport.outstanding == 0 }, "in flight: \(transport.outstanding)")
            #expect(try await transport.send(Self.get(base, "quick")).status == 200)
        }
    }

    @Test("a refused connection is ConnectionNotMade at once (nothing was sent), so a POST may be sent again")
    func refusedIsNotMade() async throws {
        let transport = AsyncHTTPClientTransport(timeout: 30)
        await #expect(throws: ConnectionNotMade.self) {
            _ = try await transport.send(HTTPRequestData(method: "POST", url: URL(string: "http://127.0.0.1:9/x")!, body: Data("{}".utf8)))
        }
    }

    @Test("a stream whose server sends its head and then nothing ends as a timeout within the SDK's idle bound, whatever the transport waits")
    func silentStreamTimesOut() async throws {
        try await Self.withServer(Fixture()) { (base: URL) async throws in
            let client = ClientCore.APIClient(
                baseURL: base, routes: PlatformRoutes(app: AppID("transport")), session: ClientSession(store: InMemoryTokenStore()),
                transport: AsyncHTTPClientTransport(timeout: 3600), retry: .none, streamIdleTimeout: 1)
            let response = try await client.stream(APICall(method: "GET", path: "/silent", authenticated: false))
            do {
                for try await _ in response.events {}
                Issue.record("a silent stream ended without an error")
            } catch let error as ClientError {
                #expect(error.isTimeout, "\(error)")
            }
        }
    }

    @Test("a client that stops reading a stream is disconnected once the connection has taken nothing for the write-stall bound; the producer is cancelled")
    func stalledReaderIsLetGo() async throws {
        let fixture = Fixture()
        try await Self.withServer(fixture, writeStall: .seconds(1)) { (base: URL) async throws in
            let connection = try RawConnection(base)
            try await connection.send("GET /flood HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            // Never read: the socket's buffers fill, the server's writes wait, and the bound lets it go.
            #expect(try await eventually { fixture.floodEnded.load(ordering: .relaxed) }, "the server still writes to a client that reads nothing")
            withExtendedLifetime(connection) {}
        }
    }
}

/// A count that concurrent tasks add to.
final class Count: Sendable {
    private let atomic = Atomic<Int>(0)
    func add() { atomic.add(1, ordering: .relaxed) }
    var value: Int { atomic.load(ordering: .relaxed) }
}

/// The write-stall bound against a client that reads slowly, in the timed phase (scripts/test's
/// TIMED_SUITES): the reader's pace is a wall-clock promise a busy machine could break.
@Suite("A slow reader is not a stalled one", .timeLimit(.minutes(1)))
struct SlowReaderTests {
    @Test("a client that reads a large stream only every 300 ms keeps it past several write-stall bounds; once it stops, it is let go")
    func slowReaderKeepsItsStream() async throws {
        let fixture = AsyncHTTPClientTransportTests.Fixture()
        try await AsyncHTTPClientTransportTests.withServer(fixture, writeStall: .seconds(1)) { (base: URL) async throws in
            let connection = try RawConnection(base)
            try await connection.send("GET /flood HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            var read = 0
            let until = ContinuousClock.now + .seconds(4)
            while ContinuousClock.now < until {
                // What has arrived, then nothing for 300 ms: between reads the connection takes no byte.
                while true {
                    guard let count = connection.readAndDrop() else {
                        Issue.record("the server closed the connection of a client still reading, after \(read) bytes")
                        return
                    }
                    if count == 0 { break }
                    read += count
                }
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(read > 0)
            let cut = fixture.floodEnded.load(ordering: .relaxed)
            #expect(!cut, "a slow reader was cut")
            #expect(try await eventually { fixture.floodEnded.load(ordering: .relaxed) }, "once it stops reading, it is let go")
            withExtendedLifetime(connection) {}
        }
    }
}
