import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// JSON over HTTP to a third party's API (a recommendation source, a flight provider), one way for
/// every app: each attempt ends within its deadline whatever the other side does (a hanging server, a
/// slow body), so a whole call is bounded by its attempts, their deadlines and the waits between them;
/// throttling and brief outages (429, 5xx) are retried with exponential backoff or the `Retry-After`
/// given (bounded: a third party's wait is untrusted),
/// and every failure is an ``OutboundHTTPError`` naming what went wrong, so a caller can tell a
/// failed provider from an empty answer. Authentication is the caller's (headers, or `sign`).
public struct OutboundHTTPClient: Sendable {
    /// Which answers are retried, how often, and how long a `Retry-After` may ask to wait.
    public struct RetryPolicy: Sendable {
        /// Attempts in all (1: no retry).
        public var maxAttempts: Int
        /// The statuses retried.
        public var retryableStatuses: Set<Int>
        /// The longest wait honoured; a `Retry-After` asking for more (or an unreadable one: infinite,
        /// negative) fails the call at once rather than stall it.
        public var maxRetryAfter: Duration
        /// The first backoff without `Retry-After`; each retry doubles it (1 s, 2 s, 4 s…).
        public var backoff: Duration

        public init(maxAttempts: Int = 4, retryableStatuses: Set<Int> = Self.throttledOrFailing, maxRetryAfter: Duration = .seconds(10), backoff: Duration = .seconds(1)) {
            self.maxAttempts = max(1, maxAttempts)
            self.retryableStatuses = retryableStatuses
            self.maxRetryAfter = maxRetryAfter
            self.backoff = backoff
        }

        /// 429 and every 5xx.
        public static let throttledOrFailing: Set<Int> = Set([429]).union(500...599)

        /// No retry.
        public static let none = RetryPolicy(maxAttempts: 1)
    }

    let client: HTTPClient
    /// The longest one attempt takes, from sending the request to the answer's last byte. (A whole
    /// call takes at most `retry.maxAttempts` of these plus the waits between them: a bound that does
    /// not shrink when the machine is slow, so a retry is never skipped for time spent elsewhere.)
    public let deadline: Duration
    public let retry: RetryPolicy
    /// The largest response body read; a larger one is ``OutboundHTTPError/undecodable(url:reason:)``.
    public let maxResponseBytes: Int
    let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameters:
    ///   - client: the connection pool (the process's shared one by default).
    ///   - deadline: the longest one attempt takes.
    ///   - retry: which answers are retried and how.
    ///   - maxResponseBytes: the largest body read.
    ///   - sleep: waits between attempts (tests pass one that records and returns).
    public init(
        client: HTTPClient = .shared, deadline: Duration = .seconds(10), retry: RetryPolicy = RetryPolicy(), maxResponseBytes: Int = 8 << 20,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.deadline = deadline
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
        self.sleep = sleep
    }

    /// Sends a request and returns the first answer that is not retried, if it is a success (2xx).
    /// `sign` runs before every attempt, so a signed request (SigV4 dates its signature) is signed
    /// afresh after a 429; its headers replace those of the same name.
    public func send(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: Data? = nil, sign: (@Sendable () -> [(String, String)])? = nil
    ) async throws -> OutboundResponse {
        let response = try await answer(method, url, headers: headers, body: body, sign: sign)
        guard (200..<300).contains(response.status) else { throw OutboundHTTPError.status(response.status, body: response.body, url: response.url) }
        return response
    }

    /// Like ``send(_:_:headers:body:sign:)`` but returns the first answer that is not retried
    /// whatever its status, for callers that read a failure's headers (`Retry-After`) or refresh
    /// their credentials on a 401. Timeouts and transport failures still throw.
    public func answer(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: Data? = nil, sign: (@Sendable () -> [(String, String)])? = nil
    ) async throws -> OutboundResponse {
        let shown = OutboundHTTPError.shown(url)
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPClientRequest(url: url)
            request.method = method
            request.headers.add(name: "Accept", value: "application/json")
            if body != nil { request.headers.add(name: "Content-Type", value: "application/json") }
            for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
            for (name, value) in sign?() ?? [] { request.headers.replaceOrAdd(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await exchange(request, url: shown, until: ContinuousClock.now + deadline)
            guard retry.retryableStatuses.contains(response.status), attempt < retry.maxAttempts else { return response }
            // A third party's Retry-After is untrusted: only finite waits up to `maxRetryAfter` are
            // honoured; otherwise the call ends now with this answer.
            let wait = response.retryAfter ?? retry.backoff * (1 << min(attempt - 1, 20))
            guard wait <= retry.maxRetryAfter else { return response }
            try await sleep(wait)
        }
    }

    /// GET of a JSON answer decoded as `Response`.
    public func get<Response: Decodable>(
        _ url: String, as type: Response.Type = Response.self, headers: [(String, String)] = [], decoder: JSONDecoder = JSONDecoder()
    ) async throws -> Response {
        try await send(.GET, url, headers: headers).decode(type, decoder: decoder)
    }

    /// `method` (POST by default) of `body` as JSON, the answer decoded as `Response`.
    public func send<Body: Encodable, Response: Decodable>(
        _ method: HTTPMethod = .POST, _ url: String, json body: Body, as type: Response.Type = Response.self, headers: [(String, String)] = [],
        encoder: JSONEncoder = JSONEncoder(), decoder: JSONDecoder = JSONDecoder()
    ) async throws -> Response {
        try await send(method, url, headers: headers, body: try encoder.encode(body)).decode(type, decoder: decoder)
    }

    /// The answer as an untyped JSON object, for APIs read a few fields at a time.
    public func jsonObject(
        _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: Data? = nil, sign: (@Sendable () -> [(String, String)])? = nil
    ) async throws -> [String: Any] {
        try await send(method, url, headers: headers, body: body, sign: sign).jsonObject()
    }

    /// One attempt, its body read whole, ended at `end`.
    private func exchange(_ request: HTTPClientRequest, url: String, until end: ContinuousClock.Instant) async throws -> OutboundResponse {
        let remaining = end - ContinuousClock.now
        guard remaining > .zero else { throw OutboundHTTPError.timeout(url: url, deadline: deadline) }
        let client = client
        let limit = maxResponseBytes
        let nanoseconds = remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000
        do {
            return try await withThrowingTaskGroup(of: OutboundResponse?.self) { group in
                group.addTask {
                    let response = try await client.execute(request, deadline: .now() + .nanoseconds(nanoseconds))
                    let body: ByteBuffer
                    do {
                        body = try await response.body.collect(upTo: limit)
                    } catch is NIOTooManyBytesError {
                        throw OutboundHTTPError.undecodable(url: url, reason: "the answer is larger than \(limit) bytes")
                    }
                    return OutboundResponse(status: Int(response.status.code), headers: response.headers, body: Data(buffer: body), url: url)
                }
                group.addTask {
                    try await Task.sleep(until: end, clock: .continuous)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw OutboundHTTPError.timeout(url: url, deadline: deadline) }
                return response
            }
        } catch let error as OutboundHTTPError {
            throw error
        } catch {
            try Task.checkCancellation()
            if ContinuousClock.now >= end { throw OutboundHTTPError.timeout(url: url, deadline: deadline) }
            if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
                throw OutboundHTTPError.timeout(url: url, deadline: deadline)
            }
            throw OutboundHTTPError.transport(url: url, reason: "\(error)")
        }
    }
}
