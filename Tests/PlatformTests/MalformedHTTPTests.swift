import AppServer
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Raw bytes against the real server on a real socket: what the HTTP layer answers to input no HTTP
/// client library would send, and how it treats clients that are slow or silent.
@Suite("Malformed HTTP, CONNECT and slow clients", .timeLimit(.minutes(1)))
struct MalformedHTTPTests {
    @Test(
        "HTTP_HEADER_TIMEOUT_SECONDS, HTTP_IDLE_TIMEOUT_SECONDS, HTTP_BODY_TIMEOUT_SECONDS and HTTP_BODY_MIN_BYTES_PER_SECOND default to 10, 60, 300 and 1024, are read from the environment, and refuse nonsense"
    )
    func timeoutConfiguration() throws {
        let defaults = try ServerConfiguration.load(environment: [:])
        #expect(defaults.httpHeaderTimeoutSeconds == 10)
        #expect(defaults.httpIdleTimeoutSeconds == 60)
        #expect(defaults.httpBodyTimeoutSeconds == 300)
        #expect(defaults.httpBodyMinBytesPerSecond == 1024)
        let set = try ServerConfiguration.load(environment: [
            "HTTP_HEADER_TIMEOUT_SECONDS": "5", "HTTP_IDLE_TIMEOUT_SECONDS": "120", "HTTP_BODY_TIMEOUT_SECONDS": "600", "HTTP_BODY_MIN_BYTES_PER_SECOND": "0",
        ])
        #expect(set.httpHeaderTimeoutSeconds == 5)
        #expect(set.httpIdleTimeoutSeconds == 120)
        #expect(set.httpBodyTimeoutSeconds == 600)
        #expect(set.httpBodyMinBytesPerSecond == 0)
        for (key, value) in [
            ("HTTP_HEADER_TIMEOUT_SECONDS", "0"), ("HTTP_IDLE_TIMEOUT_SECONDS", "soon"), ("HTTP_BODY_TIMEOUT_SECONDS", "0"), ("HTTP_BODY_MIN_BYTES_PER_SECOND", "-1"),
        ] {
            #expect(throws: ServerConfiguration.Invalid.self, "\(key)=\(value)") { try ServerConfiguration.load(environment: [key: value]) }
        }
        for key in ["HTTP_HEADER_TIMEOUT_SECONDS", "HTTP_IDLE_TIMEOUT_SECONDS", "HTTP_BODY_TIMEOUT_SECONDS", "HTTP_BODY_MIN_BYTES_PER_SECOND"] {
            #expect(ServerConfiguration.keys.contains { $0.key == key }, "\(key) is documented")
        }
    }

    // MARK: Header limits → 431

    @Test("a 100 KB bearer token is refused with 431 and the JSON error body")
    func hugeBearerToken() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let token = String(repeating: "a", count: 100 * 1024)
            let response = try await exchange(url, "GET /knot/api/v1/vault HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n\r\n")
            try expectJSONError(response, status: 431, code: "request_header_fields_too_large")
        }
    }

    @Test("a 200 KB header is refused with 431")
    func hugeHeader() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let value = String(repeating: "b", count: 200 * 1024)
            let response = try await exchange(url, "GET /health HTTP/1.1\r\nHost: t\r\nX-Big: \(value)\r\n\r\n")
            try expectJSONError(response, status: 431, code: "request_header_fields_too_large")
        }
    }

    @Test("2,000 headers are refused with 431")
    func tooManyHeaders() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let headers = (0..<2000).map { "X-H\($0): v\r\n" }.joined()
            let response = try await exchange(url, "GET /health HTTP/1.1\r\nHost: t\r\n\(headers)\r\n")
            try expectJSONError(response, status: 431, code: "request_header_fields_too_large")
        }
    }

    // MARK: Parse errors → 400

    static let malformedRequests: [(String, String)] = [
        ("bad Content-Length", "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n{}"),
        ("doubled Content-Length", "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}"),
        ("Transfer-Encoding with Content-Length", "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n"),
        ("unknown method", "FROB /health HTTP/1.1\r\nHost: t\r\n\r\n"),
        ("HTTP/9.9", "GET /health HTTP/9.9\r\nHost: t\r\n\r\n"),
        ("not HTTP at all", "\u{16}\u{03}\u{01}\u{00}\u{a5}\u{01}\u{00}\u{00}\u{a1}\r\n\r\n"),
    ]

    @Test("malformed requests get 400 malformed_request with a JSON body and Content-Length, then the connection closes", arguments: malformedRequests.map(\.0))
    func malformed(_ name: String) async throws {
        let request = Self.malformedRequests.first { $0.0 == name }!.1
        try await withLiveServer(.sqlite) { url, _ in
            let response = try await exchange(url, request)
            try expectJSONError(response, status: 400, code: "malformed_request")
        }
    }

    @Test("a malformed request pipelined behind a valid one is answered after it, in order")
    func pipelinedGarbageAnsweredInOrder() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\nFROB / HTTP/1.1\r\n\r\n")
            let first = try await connection.readResponse()
            #expect(first.status == 200)
            #expect((first.json?["status"] as? String) == "ok")
            let second = try await connection.readResponse()
            try expectJSONError(RawExchange(response: second, closedAfter: await connection.waitForClose()), status: 400, code: "malformed_request")
        }
    }

    @Test("a chunked body that breaks framing while a handler reads it gets 400 malformed_request, then the connection closes")
    func brokenChunkedBody() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let response = try await exchange(
                url, "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{\"e\r\nzz\r\n")
            try expectJSONError(response, status: 400, code: "malformed_request")
        }
    }

    // MARK: CONNECT and upgrades

    @Test("CONNECT gets 405 with a JSON body and Content-Length, and the connection closes", arguments: ["/knot/api/v1/vault", "example.com:443"])
    func connect(_ target: String) async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let response = try await exchange(url, "CONNECT \(target) HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
            try expectJSONError(response, status: 405, code: "method_not_allowed")
            #expect(response.response.headers["allow"] != nil)
        }
    }

    @Test("a request asking to switch protocols is answered normally, with Connection: close, and the connection closes")
    func upgradeRequestIsAnsweredAndClosed() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let response = try await exchange(url, "GET /health HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n")
            #expect(response.response.status == 200)
            #expect(response.response.headers["connection"]?.lowercased() == "close")
            #expect(response.closedAfter, "the decoder stops parsing after an upgrade request, so the connection must not stay open")
        }
    }

    // MARK: Timeouts

    @Test("a connection that sends nothing is closed after the header timeout")
    func silentConnectionIsClosed() async throws {
        try await withLiveServer(.sqlite, configure: { $0.httpHeaderTimeoutSeconds = 1 }) { url, _ in
            let connection = try RawConnection(url)
            let start = ContinuousClock.now
            let outcome = try await connection.readUntilClosed(timeout: .seconds(8))
            let elapsed = ContinuousClock.now - start
            #expect(outcome.closed, "still open after 8 s")
            #expect(outcome.bytes.isEmpty, "nothing was asked, so nothing is answered")
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "closed after \(elapsed)")
        }
    }

    @Test("a connection that sends half a request head gets 408 and is closed after the header timeout")
    func halfHeadIsTimedOut() async throws {
        try await withLiveServer(.sqlite, configure: { $0.httpHeaderTimeoutSeconds = 1 }) { url, _ in
            let connection = try RawConnection(url)
            let start = ContinuousClock.now
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            let response = try await connection.readResponse(timeout: .seconds(8))
            let closed = try await connection.waitForClose()
            #expect(ContinuousClock.now - start >= .milliseconds(900))
            try expectJSONError(RawExchange(response: response, closedAfter: closed), status: 408, code: "request_timeout")
        }
    }

    @Test("a slow but complete request head within the deadline is served")
    func slowValidRequestIsServed() async throws {
        // 4 × 150 ms of pauses inside a 3 s deadline: slow, yet well within it even on a loaded machine.
        try await withLiveServer(.sqlite, configure: { $0.httpHeaderTimeoutSeconds = 3 }) { url, _ in
            let connection = try RawConnection(url)
            for piece in ["GET /hea", "lth HTTP/1.1\r\n", "Host: t\r\n", "\r\n"] {
                try await connection.send(piece)
                try await Task.sleep(for: .milliseconds(150))
            }
            let response = try await connection.readResponse()
            #expect(response.status == 200)
            #expect((response.json?["status"] as? String) == "ok")
        }
    }

    @Test("keep-alive: a second request on the same connection is served, even after a pause longer than the header timeout")
    func keepAlive() async throws {
        try await withLiveServer(.sqlite, configure: { $0.httpHeaderTimeoutSeconds = 1 }) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try await connection.readResponse()
            #expect(first.status == 200)
            // Idle between requests is governed by the idle timeout (60 s), not the header deadline.
            try await Task.sleep(for: .milliseconds(1500))
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            let second = try await connection.readResponse()
            #expect(second.status == 200)
            #expect(second.headers["connection"]?.lowercased() != "close")
        }
    }

    @Test("keep-alive: a later request's stalled head gets 408 a full header timeout after its own first byte")
    func laterHeadHasItsOwnDeadline() async throws {
        // The connection's first deadline (2 s after accept) is still pending when the second head
        // starts at ~1.2 s; the 408 must wait for the second head's own deadline (~3.2 s).
        try await withLiveServer(.sqlite, configure: { $0.httpHeaderTimeoutSeconds = 2 }) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await Task.sleep(for: .milliseconds(1200))
            let secondHead = ContinuousClock.now
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            let response = try await connection.readResponse(timeout: .seconds(10))
            let closed = try await connection.waitForClose()
            let waited = ContinuousClock.now - secondHead
            #expect(waited >= .milliseconds(1800), "408 after \(waited), before the second head's own deadline")
            try expectJSONError(RawExchange(response: response, closedAfter: closed), status: 408, code: "request_timeout")
        }
    }

    @Test("a kept-alive connection that stays silent is closed after the idle timeout")
    func idleKeepAliveIsClosed() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpIdleTimeoutSeconds = 2
            }
        ) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            let start = ContinuousClock.now
            let outcome = try await connection.readUntilClosed(timeout: .seconds(8))
            let elapsed = ContinuousClock.now - start
            #expect(outcome.closed, "still open after 8 s")
            #expect(elapsed >= .milliseconds(1500) && elapsed < .seconds(6), "closed after \(elapsed)")
        }
    }

    // MARK: Body deadline

    /// POST /knot/auth/dev with a body of `length` bytes announced, none of it sent yet.
    static func bodyHead(length: Int) -> String {
        "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
    }

    @Test("a body trickled a byte at a time gets 408 request_timeout once it falls under the minimum rate, then the connection closes")
    func trickledBodyIsTimedOut() async throws {
        // A byte every 300 ms keeps the connection busy (it never idles) but averages 3 bytes/s,
        // far under 100: judged after the 1 s grace (the header timeout).
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpBodyMinBytesPerSecond = 100
            }
        ) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send(Self.bodyHead(length: 100))
            let start = ContinuousClock.now
            let trickle = Task {
                for byte in String(repeating: " ", count: 40).utf8 {
                    try await connection.send([byte])
                    try await Task.sleep(for: .milliseconds(300))
                }
            }
            defer { trickle.cancel() }
            let response = try await connection.readResponse(timeout: .seconds(8))
            let elapsed = ContinuousClock.now - start
            trickle.cancel()
            _ = await trickle.result
            let closed = try await connection.waitForClose()
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "408 after \(elapsed)")
            try expectJSONError(RawExchange(response: response, closedAfter: closed), status: 408, code: "request_timeout")
        }
    }

    @Test("a body shorter than its Content-Length gets 408 request_timeout when it has been silent for the idle timeout, not a silent close")
    func shortBodyIsTimedOut() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpIdleTimeoutSeconds = 2; $0.httpBodyMinBytesPerSecond = 0
            }
        ) { url, _ in
            let connection = try RawConnection(url)
            let start = ContinuousClock.now
            try await connection.send(Self.bodyHead(length: 100) + "{\"email\":")
            let response = try await connection.readResponse(timeout: .seconds(8))
            let elapsed = ContinuousClock.now - start
            let closed = try await connection.waitForClose()
            #expect(elapsed >= .milliseconds(1800) && elapsed < .seconds(6), "408 after \(elapsed)")
            try expectJSONError(RawExchange(response: response, closedAfter: closed), status: 408, code: "request_timeout")
        }
    }

    @Test("a body still arriving at a good pace when the whole-body bound passes gets 408 request_timeout")
    func slowWholeBodyIsTimedOut() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpBodyTimeoutSeconds = 2; $0.httpBodyMinBytesPerSecond = 100
            }
        ) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send(Self.bodyHead(length: 100_000))
            let start = ContinuousClock.now
            let stream = Task {
                // 300 bytes/s: above the floor, yet 100 KB would take 5 minutes.
                for _ in 0..<200 {
                    try await connection.send(Array(repeating: UInt8(ascii: " "), count: 30))
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            defer { stream.cancel() }
            let response = try await connection.readResponse(timeout: .seconds(8))
            let elapsed = ContinuousClock.now - start
            stream.cancel()
            _ = await stream.result
            let closed = try await connection.waitForClose()
            #expect(elapsed >= .milliseconds(1800) && elapsed < .seconds(6), "408 after \(elapsed)")
            try expectJSONError(RawExchange(response: response, closedAfter: closed), status: 408, code: "request_timeout")
        }
    }

    @Test("a slow body that keeps the minimum rate within the bound is served, and the connection stays open")
    func slowBodyWithinTheDeadlineIsServed() async throws {
        // About 1.5 s at ~250 bytes/s against a floor of 20 bytes/s judged after 1 s (a margin for a
        // loaded machine, where the pauses between pieces stretch).
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpBodyMinBytesPerSecond = 20
            }
        ) { url, _ in
            let body = Array(("{\"email\":\"slow-body@example.com\"}" + String(repeating: " ", count: 340)).utf8)
            let connection = try RawConnection(url)
            try await connection.send(Self.bodyHead(length: body.count))
            for piece in stride(from: 0, to: body.count, by: 25) {
                try await connection.send(Array(body[piece..<min(piece + 25, body.count)]))
                try await Task.sleep(for: .milliseconds(100))
            }
            let response = try await connection.readResponse()
            #expect(response.status == 200, "\(response.text)")
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
        }
    }

    @Test("a request answered before its body arrived (413) is not answered again at the body deadline: the connection just closes")
    func answeredRequestIsNotAnsweredTwice() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpIdleTimeoutSeconds = 2
            }
        ) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send(Self.bodyHead(length: 5_000_000) + "{\"email\":")
            let response = try await connection.readResponse()
            #expect(response.status == 413)
            let rest = try await connection.readUntilClosed(timeout: .seconds(8))
            #expect(rest.closed, "still open 8 s after the answer")
            #expect(rest.bytes.isEmpty, "a second answer: \(String(decoding: rest.bytes, as: UTF8.self).prefix(200))")
        }
    }

    // MARK: HTTP/1.x

    @Test("an HTTP/1.0 request without keep-alive is answered with Connection: close and the connection closes right after")
    func http10ClosesAfterTheAnswer() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let start = ContinuousClock.now
            let response = try await exchange(url, "GET /health HTTP/1.0\r\n\r\n")
            #expect(response.response.status == 200)
            #expect(response.response.headers["connection"]?.lowercased() == "close")
            #expect(response.closedAfter, "the connection must close after the answer")
            #expect(ContinuousClock.now - start < .seconds(4))
            // Connection: close on HTTP/1.1, whatever its letter case, does the same.
            let closing = try await exchange(url, "GET /health HTTP/1.1\r\nHost: t\r\nConnection: Close\r\n\r\n")
            #expect(closing.response.status == 200 && closing.closedAfter)
        }
    }

    @Test("a request that ends the connection is answered though more bytes follow it in the same packet; what follows is not served")
    func lastRequestAnsweredDespiteTrailingBytes() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let stray = try await exchange(url, "GET /health HTTP/1.0\r\n\r\nX")
            #expect(stray.response.status == 200 && stray.closedAfter)
            let pipelined = try await exchange(url, "GET /health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\nGET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(pipelined.response.status == 200 && pipelined.closedAfter)
            // A write is answered too: a client that saw no answer would send it again.
            let body = #"{"email":"closing@example.com"}"#
            let write = try await exchange(
                url,
                "POST /knot/auth/dev HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)GET /health HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            #expect(write.response.status == 200 && write.closedAfter)
        }
    }

    @Test("Connection: close wins over an HTTP/1.0 keep-alive beside it")
    func closeWinsOverKeepAlive() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            for head in ["GET /health HTTP/1.0\r\nConnection: close, keep-alive\r\n\r\n", "GET /health HTTP/1.0\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n"] {
                let response = try await exchange(url, head)
                #expect(response.response.status == 200 && response.closedAfter, "\(head)")
            }
        }
    }

    @Test("body bytes that arrive with the head count toward the minimum rate")
    func bodyBytesWithTheHeadCount() async throws {
        try await withLiveServer(
            .sqlite,
            configure: {
                $0.httpHeaderTimeoutSeconds = 1; $0.httpBodyTimeoutSeconds = 10; $0.httpBodyMinBytesPerSecond = 1024
            }
        ) { url, _ in
            // 3,000 bytes with the head, the last 1,022 after 1.5 s: 2,681 bytes/s on average, well
            // over the floor (judged from 1 s on) — though nothing came during the first 1.5 s after the head.
            let body = #"{"refresh_token":""# + String(repeating: "a", count: 4022 - 20) + #""}"#
            #expect(body.utf8.count == 4022)
            let head = "POST /knot/auth/refresh HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 4022\r\n\r\n"
            let connection = try RawConnection(url)
            try await connection.send(head + String(body.prefix(3000)))
            try await Task.sleep(for: .milliseconds(1500))
            try await connection.send(String(body.dropFirst(3000)))
            let response = try await connection.readResponse(timeout: .seconds(8))
            #expect(response.status != 408, "the body was timed out though its rate was over the floor")
            #expect(response.status < 500)
        }
    }

    @Test("an HTTP/1.0 request with Connection: keep-alive keeps the connection for the next request")
    func http10KeepAlive() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let connection = try RawConnection(url)
            try await connection.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await connection.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
        }
    }

    static let badHosts: [(String, String)] = [
        ("HTTP/1.1 without Host", "GET /health HTTP/1.1\r\n\r\n"),
        ("two Host lines", "GET /health HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n"),
        ("two Host lines on HTTP/1.0", "GET /health HTTP/1.0\r\nHost: a.example\r\nHost: a.example\r\n\r\n"),
        ("a space inside", "GET /health HTTP/1.1\r\nHost: a example\r\n\r\n"),
        ("a list", "GET /health HTTP/1.1\r\nHost: a.example, b.example\r\n\r\n"),
        ("a path", "GET /health HTTP/1.1\r\nHost: a.example/x\r\n\r\n"),
        ("userinfo", "GET /health HTTP/1.1\r\nHost: user@a.example\r\n\r\n"),
        ("a named port", "GET /health HTTP/1.1\r\nHost: a.example:http\r\n\r\n"),
        ("an unclosed IPv6 literal", "GET /health HTTP/1.1\r\nHost: [::1\r\n\r\n"),
        ("a bad escape", "GET /health HTTP/1.1\r\nHost: a%zz.example\r\n\r\n"),
        ("a body behind a bad Host", "POST /knot/auth/dev HTTP/1.1\r\nHost: a b\r\nContent-Length: 2\r\n\r\n{}"),
    ]

    @Test("a request without Host on HTTP/1.1, with two Host lines, or with an invalid Host gets 400 malformed_request and is not served", arguments: badHosts.map(\.0))
    func badHost(_ name: String) async throws {
        let request = Self.badHosts.first { $0.0 == name }!.1
        try await withLiveServer(.sqlite) { url, _ in
            try expectJSONError(try await exchange(url, request), status: 400, code: "malformed_request")
        }
    }

    @Test("valid Host values are served: names, IPv4 and IPv6 with ports, empty; HTTP/1.0 needs none")
    func goodHosts() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            for host in ["Host: a.example", "Host: 127.0.0.1:8080", "Host: [::1]:8080", "Host: [::1]", "Host: xn--bcher-kva.example:1", "Host: ", "Host: a.example:"] {
                let response = try await exchange(url, "GET /health HTTP/1.1\r\n\(host)\r\n\r\n", expectClose: false)
                #expect(response.response.status == 200, "\(host): \(response.response.text)")
            }
            #expect(try await exchange(url, "GET /health HTTP/1.0\r\n\r\n").response.status == 200)
        }
    }

    // MARK: HEAD

    @Test(
        "HEAD /health, /vibekeeper/api/v1/contacts and …/media/{id}: GET's status and headers, Content-Length included, no body bytes, and the connection serves the next request")
    func headOnTheWire() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let connection = try RawConnection(url)
            func send(_ method: String, _ path: String, token: String? = nil, type: String? = nil, body: [UInt8] = []) async throws -> RawResponse {
                var head = "\(method) \(path) HTTP/1.1\r\nHost: t\r\n"
                if let token { head += "Authorization: Bearer \(token)\r\n" }
                if let type { head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n" }
                try await connection.send(Array((head + "\r\n").utf8) + body)
                return try await connection.readResponse(bodyless: method == "HEAD")
            }
            let signIn = try await send("POST", "/vibekeeper/auth/dev", type: "application/json", body: Array(#"{"email":"head@example.com"}"#.utf8))
            let token = try #require(signIn.json?["access_token"] as? String)
            var photo = MultipartBody()
            photo.file("image_file", filename: "p.jpg", contentType: "image/jpeg", SampleMedia.jpeg())
            let captured = try await send("POST", "/vibekeeper/api/v1/capture/image", token: token, type: photo.contentType, body: Array(photo.finished))
            let media = try #require(((captured.json?["media_assets"] as? [[String: Any]])?.first?["url"]) as? String)
            for path in ["/health", "/vibekeeper/api/v1/contacts", media] {
                let get = try await send("GET", path, token: token)
                let head = try await send("HEAD", path, token: token)
                #expect(get.status == 200 && head.status == 200, "\(path): GET \(get.status), HEAD \(head.status)")
                #expect(head.headers["content-length"] == String(get.body.count), "\(path)")
                let ignored: Set<String> = ["date", "x-request-id"]
                #expect(head.headers.filter { !ignored.contains($0.key) } == get.headers.filter { !ignored.contains($0.key) }, "\(path)")
            }
            // Any byte of a HEAD body would be read as the start of this answer.
            let after = try await send("GET", "/health")
            #expect(after.status == 200 && (after.json?["status"] as? String) == "ok")
            try await connection.send("HEAD /health HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try await connection.readResponse(bodyless: true)
            let rest = try await connection.readUntilClosed(timeout: .milliseconds(300))
            #expect(!rest.closed && rest.bytes.isEmpty, "bytes after a HEAD answer: \(rest.bytes.count)")
        }
    }

    // MARK: Authorization input

    @Test("a 20 KB bearer token is a 401 with WWW-Authenticate, refused for its length")
    func longTokenIs401() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let token = String(repeating: "a", count: 20 * 1024)
            let response = try await exchange(url, "GET /knot/api/v1/vault HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(token)\r\n\r\n", expectClose: false)
            #expect(response.response.status == 401)
            #expect(response.response.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
            #expect(response.response.errorCode == "token_too_long")
        }
    }

    @Test("odd Authorization input is always a 401 with WWW-Authenticate; only an over-limit header section is not (431)")
    func authorizationInputIs401() async throws {
        try await withLiveServer(.sqlite) { url, _ in
            let cases: [(String, [UInt8])] = [
                ("empty", Array("Authorization: \r\n".utf8)),
                ("scheme only", Array("Authorization: Bearer\r\n".utf8)),
                ("basic", Array("Authorization: Basic dXNlcjpwYXNz\r\n".utf8)),
                ("two headers", Array("Authorization: Bearer a.b.c\r\nAuthorization: Bearer d.e.f\r\n".utf8)),
                ("non-UTF-8 bytes", Array("Authorization: Bearer ".utf8) + [0xFF, 0xFE, 0x80, 0x41] + Array("\r\n".utf8)),
                ("just over 8 KB", Array("Authorization: Bearer \(String(repeating: "x", count: 8 * 1024))\r\n".utf8)),
                ("60 KB", Array("Authorization: Bearer \(String(repeating: "x", count: 60 * 1024))\r\n".utf8)),
                ("lower-case scheme, three dots", Array("Authorization: bearer a.b.c.d\r\n".utf8)),
            ]
            for (name, header) in cases {
                let request = Array("GET /knot/api/v1/hints HTTP/1.1\r\nHost: t\r\n".utf8) + header + Array("\r\n".utf8)
                let response = try await exchange(url, request, expectClose: false)
                #expect(response.response.status == 401, "\(name): \(response.response.status)")
                #expect(response.response.headers["www-authenticate"]?.hasPrefix("Bearer") == true, "\(name)")
                #expect(response.response.errorCode != nil, "\(name): JSON error body")
            }
            let tooLarge = try await exchange(url, "GET /knot/api/v1/hints HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(String(repeating: "x", count: 81 * 1024))\r\n\r\n")
            try expectJSONError(tooLarge, status: 431, code: "request_header_fields_too_large")
        }
    }
}

// MARK: - Helpers

/// One response read off a raw connection, and whether the server closed the connection after it.
struct RawExchange {
    let response: RawResponse
    let closedAfter: Bool
}

/// Sends `request` on a fresh connection and reads one response (and, with `expectClose`, waits
/// for the server to close the connection).
func exchange(_ url: URL, _ request: String, expectClose: Bool = true) async throws -> RawExchange {
    try await exchange(url, Array(request.utf8), expectClose: expectClose)
}

func exchange(_ url: URL, _ request: [UInt8], expectClose: Bool = true) async throws -> RawExchange {
    let connection = try RawConnection(url)
    try await connection.send(request)
    let response = try await connection.readResponse()
    return RawExchange(response: response, closedAfter: expectClose ? try await connection.waitForClose() : false)
}

/// The project's error contract for answers written by the HTTP layer itself.
func expectJSONError(_ exchange: RawExchange, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let response = exchange.response
    #expect(response.status == status, "status \(response.status): \(response.text)", sourceLocation: sourceLocation)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    #expect(response.headers["content-length"] == String(response.body.count), sourceLocation: sourceLocation)
    #expect(response.headers["connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
    #expect(response.errorCode == code, "body: \(response.text)", sourceLocation: sourceLocation)
    #expect(((response.json?["error"] as? [String: Any])?["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(exchange.closedAfter, "the connection must be closed after the error", sourceLocation: sourceLocation)
}

/// A parsed HTTP/1.1 response with a `Content-Length` body.
struct RawResponse {
    let status: Int
    /// Lower-cased names.
    let headers: [String: String]
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
    var errorCode: String? { (json?["error"] as? [String: Any])?["code"] as? String }
}

struct RawConnectionError: Error, CustomStringConvertible {
    let description: String
}

/// A TCP connection to the live test server driven with POSIX calls, non-blocking and polled with
/// short sleeps, so it never blocks Swift's cooperative threads and every read has a deadline.
final class RawConnection: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(_ url: URL) throws {
        guard let port = url.port else { throw RawConnectionError(description: "no port in \(url)") }
        #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw RawConnectionError(description: "socket() failed: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw RawConnectionError(description: "connect() failed: \(errno)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Sends all of `bytes`; stops quietly if the server has closed the connection (it may answer
    /// and close before a large request is fully sent).
    func send(_ bytes: [UInt8], timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { pointer in
                #if canImport(Glibc)
                    Glibc.send(fd, pointer.baseAddress, pointer.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(fd, pointer.baseAddress, pointer.count, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard ContinuousClock.now < deadline else { throw RawConnectionError(description: "send timed out") }
                try await Task.sleep(for: .milliseconds(5))
            } else {
                return  // EPIPE / ECONNRESET: the server is done with us
            }
        }
    }

    private enum ReadResult { case bytes, closed, wouldBlock }

    private func readSome() -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return .bytes
        }
        if count == 0 { return .closed }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wouldBlock }
        return .closed  // ECONNRESET and friends
    }

    /// Reads one response (status line, headers, `Content-Length` body; with `bodyless`, as the
    /// answer to a HEAD request: no body whatever its headers say).
    func readResponse(timeout: Duration = .seconds(10), bodyless: Bool = false) async throws -> RawResponse {
        let deadline = ContinuousClock.now + timeout
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var closed = false
        while true {
            if let end = buffer.firstRange(of: separator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let statusParts = lines[0].split(separator: " ")
                guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                    throw RawConnectionError(description: "bad status line: \(lines[0])")
                }
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                if bodyless {
                    buffer.removeFirst(end.upperBound)
                    return RawResponse(status: status, headers: headers, body: [])
                }
                guard let length = headers["content-length"].flatMap(Int.init) else {
                    throw RawConnectionError(description: "response without Content-Length: \(head)")
                }
                let bodyStart = end.upperBound
                if buffer.count - bodyStart >= length {
                    let body = Array(buffer[bodyStart..<(bodyStart + length)])
                    buffer.removeFirst(bodyStart + length)
                    return RawResponse(status: status, headers: headers, body: body)
                }
            }
            if closed { throw RawConnectionError(description: "connection closed before a full response; got \(String(decoding: buffer, as: UTF8.self).prefix(300))") }
            switch readSome() {
            case .bytes: continue
            case .closed: closed = true
            case .wouldBlock:
                guard ContinuousClock.now < deadline else {
                    throw RawConnectionError(description: "no complete response within \(timeout); got \(String(decoding: buffer, as: UTF8.self).prefix(300))")
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Reads until the server closes the connection or `timeout` passes; returns what arrived.
    func readUntilClosed(timeout: Duration) async throws -> (bytes: [UInt8], closed: Bool) {
        let deadline = ContinuousClock.now + timeout
        while true {
            switch readSome() {
            case .bytes: continue
            case .closed:
                defer { buffer.removeAll() }
                return (buffer, true)
            case .wouldBlock:
                guard ContinuousClock.now < deadline else {
                    defer { buffer.removeAll() }
                    return (buffer, false)
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Reads until `text` has arrived (or the connection closes, or `timeout` passes); returns all
    /// that arrived so far, as text.
    func readUntil(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        let needle = Array(text.utf8)
        while buffer.firstRange(of: needle) == nil {
            switch readSome() {
            case .bytes: continue
            case .closed: return String(decoding: buffer, as: UTF8.self)
            case .wouldBlock:
                guard ContinuousClock.now < deadline else { return String(decoding: buffer, as: UTF8.self) }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads what has arrived, up to 64 KiB, and drops it: its size (0 when nothing waits), nil once
    /// the server has closed the connection. For a client that reads slowly on purpose.
    func readAndDrop() -> Int? {
        switch readSome() {
        case .bytes:
            defer { buffer.removeAll() }
            return buffer.count
        case .wouldBlock: return 0
        case .closed: return nil
        }
    }

    /// Closes the connection from this side, as a client that goes away.
    func hangUp() {
        #if canImport(Glibc)
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
        #else
            _ = Darwin.shutdown(fd, SHUT_RDWR)
        #endif
    }

    /// Whether the server closes the connection within `timeout` without sending anything more.
    func waitForClose(timeout: Duration = .seconds(5)) async throws -> Bool {
        let outcome = try await readUntilClosed(timeout: timeout)
        return outcome.closed && outcome.bytes.isEmpty
    }
}
