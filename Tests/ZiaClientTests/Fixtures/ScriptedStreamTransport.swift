import Foundation
import ZiaClient

/// A transport whose streams answer what a test chose: a connection that fails before any byte, or
/// a head and the body's chunks, then an end (finished, failed, or never). It counts every request
/// and notes when a body was terminated (read to its end, or cancelled by the reader), so a test
/// sees the SDK's whole path — `ZiaAPIClient.assist` over `APIClient.stream` — not only the parser.
/// Other requests (`send`) go to `inner` when given, else fail as offline.
final class ScriptedStreamTransport: HTTPTransport, @unchecked Sendable {
    /// How a body ends after its chunks.
    enum End: Sendable {
        case finish
        case fail(any Error)
        /// The body never ends (a server still thinking).
        case never
    }

    /// One answer to one `stream` request.
    enum Reply: Sendable {
        /// No connection could be made: nothing was sent.
        case unreachable
        /// The request went out and no head came back in time (the server may have it).
        case timedOut
        case respond(status: Int, headers: [String: String], chunks: [Data], end: End)

        /// A 200 `text/event-stream` with these chunks.
        static func events(_ chunks: [Data], end: End = .finish) -> Reply {
            .respond(status: 200, headers: ["Content-Type": "text/event-stream"], chunks: chunks, end: end)
        }

        /// An error answer with the platform's error envelope.
        static func error(_ status: Int, code: String, message: String, headers: [String: String] = [:]) -> Reply {
            let body = Data(#"{"error":{"code":"\#(code)","message":"\#(message)"}}"#.utf8)
            return .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, chunks: [body], end: .finish)
        }
    }

    let inner: (any HTTPTransport)?
    // @unchecked Sendable: the fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var replies: [Reply]
    private var streamed: [HTTPRequestData] = []
    private var sent: [HTTPRequestData] = []
    private var terminations = 0

    init(_ replies: [Reply], inner: (any HTTPTransport)? = nil) {
        self.replies = replies
        self.inner = inner
    }

    /// Stream requests received, in order.
    var streamRequests: [HTTPRequestData] { lock.withLock { streamed } }
    /// Non-stream requests received.
    var sendRequests: [HTTPRequestData] { lock.withLock { sent } }
    /// Bodies that ended or were cancelled by their reader.
    var terminatedBodies: Int { lock.withLock { terminations } }

    /// Queues more replies.
    func add(_ more: [Reply]) { lock.withLock { replies += more } }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        lock.withLock { sent.append(request) }
        guard let inner else { throw ConnectionNotMade("scripted: no network") }
        return try await inner.send(request)
    }

    func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        let reply = lock.withLock { () -> Reply? in
            streamed.append(request)
            return replies.isEmpty ? nil : replies.removeFirst()
        }
        switch reply {
        case nil, .unreachable?:
            throw ConnectionNotMade("scripted: connection refused")
        case .timedOut?:
            throw ClientError.offline("scripted: the server did not answer in time")
        case .respond(let status, let headers, let chunks, let end)?:
            let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.onTermination = { [self] _ in lock.withLock { terminations += 1 } }
            for chunk in chunks { continuation.yield(chunk) }
            switch end {
            case .finish: continuation.finish()
            case .fail(let error): continuation.finish(throwing: error)
            case .never: break
            }
            return HTTPStreamingResponse(head: HTTPResponseData(status: status, headers: headers), body: body)
        }
    }
}

extension ZiaAPIClient {
    /// An SDK on `transport`, signed in with a made-up token (the transport checks none), retrying
    /// without waiting.
    static func scripted(_ transport: any HTTPTransport, attempts: Int = 3) async throws -> ZiaAPIClient {
        let session = ClientSession(store: InMemoryTokenStore())
        try await session.begin(TokenPair(accessToken: "access", refreshToken: "refresh", expiresIn: 3600, userId: UUID().uuidString), serverUrl: nil, email: nil)
        return ZiaAPIClient(
            baseURL: URL(string: "http://zia.test")!, session: session, transport: transport, retry: RetryPolicy(maxAttempts: attempts, baseDelay: 0, sleep: { _ in }))
    }
}
