import Foundation
import HTTPTypes
import Hummingbird
import OutboundHTTP
import PlatformCore
import TestSupport
import Testing

/// The platform's outbound JSON client against a local fake on 127.0.0.1: throttling and outages
/// retried within bounds, the deadline holding against a server that never answers, every failure
/// typed.
@Suite("Outbound HTTP client", .timeLimit(.minutes(2)))
struct OutboundHTTPClientTests {
    struct Greeting: Codable, Equatable {
        var text: String
    }

    /// A fake answering `answers` in turn (the last one from then on), counting the requests.
    static func fake(_ answers: [(HTTPResponse.Status, [HTTPField.Name: String], String)]) -> (Router<BasicRequestContext>, LockedValue<Int>) {
        let count = LockedValue(0)
        let router = Router()
        router.on("greeting", method: .get) { _, _ -> Response in
            let n = count.withLock {
                $0 += 1
                return $0
            }
            let (status, fields, body) = answers[min(n, answers.count) - 1]
            var headers = HTTPFields()
            for (name, value) in fields { headers[name] = value }
            headers[.contentType] = "application/json"
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        router.get("hang") { _, _ -> Response in
            try await Task.sleep(for: .seconds(3))  // past any deadline below; short, so the fake stops soon
            return Response(status: .ok)
        }
        return (router, count)
    }

    static let hello = #"{"text":"hello"}"#

    @Test("429 with Retry-After is retried after the wait it asks for, then the answer is decoded")
    func retryAfter429() async throws {
        let (router, count) = Self.fake([(.tooManyRequests, [.retryAfter: "3"], "{}"), (.ok, [:], Self.hello)])
        let sleeps = LockedValue<[Duration]>([])
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let client = OutboundHTTPClient(sleep: { d in sleeps.withLock { $0.append(d) } })
            let greeting = try await client.get("http://127.0.0.1:\(port)/greeting?key=secret", as: Greeting.self)
            #expect(greeting == Greeting(text: "hello"))
        }
        #expect(count.value == 2)
        #expect(sleeps.value == [.seconds(3)])
    }

    @Test("5xx is retried with exponential backoff, then given up as a typed status error with the body")
    func serverErrorsGivenUp() async throws {
        let (router, count) = Self.fake([(.badGateway, [:], #"{"error":"down"}"#)])
        let sleeps = LockedValue<[Duration]>([])
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let client = OutboundHTTPClient(sleep: { d in sleeps.withLock { $0.append(d) } })
            do {
                _ = try await client.get("http://127.0.0.1:\(port)/greeting?key=secret", as: Greeting.self)
                Issue.record("a failing server's answer was accepted")
            } catch OutboundHTTPError.status(let status, let body, let url) {
                #expect(status == 502)
                #expect(String(decoding: body, as: UTF8.self) == #"{"error":"down"}"#)
                #expect(url == "http://127.0.0.1:\(port)/greeting", "the query (API keys) is not shown")
            }
        }
        #expect(count.value == 4)
        #expect(sleeps.value == [.seconds(1), .seconds(2), .seconds(4)])
    }

    @Test("a Retry-After beyond the bound (or unreadable) fails at once; a 4xx is not retried")
    func untrustedRetryAfter() async throws {
        for header in ["3600", "inf", "-5", "soon"] {
            let (router, count) = Self.fake([(.serviceUnavailable, [.retryAfter: header], "{}"), (.ok, [:], Self.hello)])
            let sleeps = LockedValue<[Duration]>([])
            try await withLocalHTTPServer(router, label: "outbound") { port in
                let client = OutboundHTTPClient(sleep: { d in sleeps.withLock { $0.append(d) } })
                await #expect(throws: OutboundHTTPError.self, "Retry-After: \(header)") { try await client.get("http://127.0.0.1:\(port)/greeting", as: Greeting.self) }
            }
            #expect(count.value == 1 && sleeps.value.isEmpty, "Retry-After: \(header)")
        }
        let (router, count) = Self.fake([(.notFound, [:], "{}")])
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let client = OutboundHTTPClient(sleep: { _ in Issue.record("a 404 was retried") })
            await #expect {
                try await client.get("http://127.0.0.1:\(port)/greeting", as: Greeting.self)
            } throws: { error in
                if case OutboundHTTPError.status(404, _, _) = error { return true }
                return false
            }
        }
        #expect(count.value == 1)
    }

    @Test("an attempt's deadline bounds a server that never answers")
    func deadlineBoundsHang() async throws {
        let (router, _) = Self.fake([(.ok, [:], Self.hello)])
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let client = OutboundHTTPClient(deadline: .milliseconds(500))
            let started = ContinuousClock.now
            await #expect {
                try await client.get("http://127.0.0.1:\(port)/hang", as: Greeting.self)
            } throws: { error in
                if case OutboundHTTPError.timeout = error { return true }
                return false
            }
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    @Test("an answer that is not what was asked for is undecodable; a closed port fails typed within the deadline")
    func typedFailures() async throws {
        let (router, _) = Self.fake([(.ok, [:], #"{"words":1}"#)])
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let client = OutboundHTTPClient()
            await #expect {
                try await client.get("http://127.0.0.1:\(port)/greeting", as: Greeting.self)
            } throws: { error in
                if case OutboundHTTPError.undecodable = error { return true }
                return false
            }
        }
        let closed = try await withLocalHTTPServer(Router(), label: "outbound") { port in port }
        // AsyncHTTPClient keeps trying to connect until the deadline, so a refused connection ends as
        // a timeout (or a transport error, should the client give up first).
        let started = ContinuousClock.now
        await #expect {
            try await OutboundHTTPClient(deadline: .seconds(1)).get("http://127.0.0.1:\(closed)/greeting", as: Greeting.self)
        } throws: { error in
            switch error as? OutboundHTTPError {
            case .timeout?, .transport?: true
            default: false
            }
        }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test("a JSON body is sent and the answer decoded")
    func postJSON() async throws {
        let router = Router()
        router.post("echo") { request, context -> Response in
            let greeting = try await request.decode(as: Greeting.self, context: context)
            let body = try JSONEncoder().encode(Greeting(text: greeting.text.uppercased()))
            return Response(status: .ok, headers: [.contentType: request.headers[.contentType] ?? ""], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        try await withLocalHTTPServer(router, label: "outbound") { port in
            let answer = try await OutboundHTTPClient().send(.POST, "http://127.0.0.1:\(port)/echo", json: Greeting(text: "hi"), as: Greeting.self)
            #expect(answer == Greeting(text: "HI"))
        }
    }
}
