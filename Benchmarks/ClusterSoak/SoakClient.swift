import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PlatformAPI

/// One request of the soak as a virtual user sends it: the route's endpoint (from the contract
/// modules), an optional query and body, the user's token, an `X-Forwarded-For` (a client address of
/// its own when the soak talks to an instance directly; nginx replaces it with the peer's), and the
/// `Idempotency-Key` of a write.
struct SoakRequest: Sendable {
    var kind: String
    var endpoint: Endpoint
    var query: String? = nil
    var body: Data? = nil
    /// `application/x-www-form-urlencoded` instead of JSON.
    var form = false
    var token: String? = nil
    var idempotencyKey: String? = nil
    /// The statuses that mean success (200 for reads, 201 for most creates).
    var success: Set<Int> = [200]
    /// A server-sent event stream, read until its `done` event (an end before it is a failure).
    var stream = false
}

/// A final answer: its status and body.
struct SoakAnswer: Sendable {
    var status: Int
    var body: Data
    /// A paged list's `X-Next-Cursor` (absent on its last page).
    var nextCursor: String? = nil

    /// The body as a JSON object, when it is one.
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}

/// Sends the soak's requests and records them in ``SoakMetrics``. A request that got no answer
/// (refused, reset: an instance was killed), a 502 or 503 (the balancer found no live instance) or
/// a 409 with `Retry-After` (the same Idempotency-Key still running elsewhere) is sent again with
/// the same key, a bounded number of times, so a killed instance loses no acknowledged write and
/// replays never create twice.
struct SoakClient: Sendable {
    let http: HTTPClient
    let base: String
    let metrics: SoakMetrics
    /// The client address this user's requests claim: heard when the soak talks to an instance
    /// directly; nginx replaces it with the peer (127.0.0.1), so through nginx every user is one address.
    let forwardedFor: String
    var maxAttempts = 10

    /// The final answer, or nil when every attempt failed without an answer. Failed requests (no
    /// answer or a status outside `success`) are counted as such.
    @discardableResult
    func send(_ request: SoakRequest) async -> SoakAnswer? {
        let start = ContinuousClock.now
        var retries = 0
        var answer: SoakAnswer?
        for attempt in 1...maxAttempts {
            var wait = min(0.2 * Double(1 << min(attempt - 1, 4)), 3)
            do {
                let response = try await http.execute(httpRequest(request), timeout: .seconds(30))
                if request.stream, request.success.contains(Int(response.status.code)) {
                    // Not sent again: the stream had begun and a repeat would be a second run.
                    answer = (try? await Self.readToDone(response.body)).map { SoakAnswer(status: Int(response.status.code), body: $0) }
                    if answer == nil { metrics.connectionError("stream ended before done") }
                    break
                }
                let body = try await response.body.collect(upTo: 16 << 20)
                answer = SoakAnswer(status: Int(response.status.code), body: Data(body.readableBytesView), nextCursor: response.headers.first(name: "X-Next-Cursor"))
                if request.success.contains(Int(response.status.code)) { break }
                metrics.unexpectedStatus(Int(response.status.code))
                let retryAfter = response.headers.first(name: "Retry-After").flatMap(Double.init)
                guard Self.retried(Int(response.status.code), retryAfter: retryAfter) else { break }
                if let retryAfter { wait = retryAfter }
            } catch {
                metrics.connectionError(Self.describe(error))
                answer = nil
            }
            guard attempt < maxAttempts else { break }
            retries += 1
            try? await Task.sleep(for: .seconds(wait))
        }
        let succeeded = answer.map { request.success.contains($0.status) } ?? false
        metrics.finished(request.kind, milliseconds: Self.milliseconds(since: start), succeeded: succeeded, retries: retries)
        return answer
    }

    /// Whether an answer with this status is sent again: the balancer's "no instance" answers and a
    /// key still held by a running (or killed) request.
    static func retried(_ status: Int, retryAfter: Double?) -> Bool {
        status == 502 || status == 503 || status == 504 || (status == 409 && retryAfter != nil)
    }

    func httpRequest(_ request: SoakRequest) -> HTTPClientRequest {
        var url = base + request.endpoint.path
        if let query = request.query { url += "?" + query }
        var http = HTTPClientRequest(url: url)
        http.method = HTTPMethod(rawValue: request.endpoint.method.rawValue)
        http.headers.add(name: "X-Forwarded-For", value: forwardedFor)
        if let token = request.token { http.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let key = request.idempotencyKey { http.headers.add(name: "Idempotency-Key", value: key) }
        if let body = request.body {
            http.headers.add(name: "Content-Type", value: request.form ? "application/x-www-form-urlencoded" : "application/json")
            http.body = .bytes(ByteBuffer(bytes: body))
        }
        return http
    }

    /// The stream's bytes up to its `done` event, or nil when it ended before one.
    static func readToDone(_ body: HTTPClientResponse.Body) async throws -> Data? {
        var text = ""
        for try await chunk in body {
            text += String(buffer: chunk)
            if text.contains("event: done\n") { return Data(text.utf8) }
        }
        return nil
    }

    /// A short name for an error without an answer (`connect: refused`, `remoteConnectionClosed`).
    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return String(text.prefix(80))
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
