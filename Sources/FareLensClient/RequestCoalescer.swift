import Foundation

/// The seed's `RequestCoalescer`: identical GETs in flight at once (a feed refreshed by launch and
/// pull-to-refresh together, two screens asking for one airport list) share one request and its
/// answer, so the server's quota and the radio pay once. Keyed by method, path and query; only GETs
/// (a POST is never shared: each is an action). Nothing is kept after the request ends, success or
/// failure: every waiter gets the same failure, and the next call asks again.
public actor RequestCoalescer {
    private var inFlight: [String: Task<HTTPResponseData, any Error>] = [:]
    /// How many calls joined a request already in flight (for tests and diagnostics).
    public private(set) var joined = 0

    public init() {}

    /// Sends `request` through `send`, or waits for the identical GET already on its way.
    public func send(_ request: HTTPRequestData, through send: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
        guard request.method == "GET" else { return try await send(request) }
        let key = Self.key(request)
        if let existing = inFlight[key] {
            joined += 1
            return try await existing.value
        }
        let task = Task { try await send(request) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await task.value
    }

    /// Method, path and query: what makes two requests the same.
    static func key(_ request: HTTPRequestData) -> String {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        return "\(request.method) \(components?.path ?? request.url.path)?\(components?.percentEncodedQuery ?? "")"
    }
}

/// A transport that sends through a ``RequestCoalescer``: put in front of the real one when
/// building ``FareLensAPIClient``, so every repository's reads are coalesced.
public struct CoalescingTransport: HTTPTransport {
    public let inner: any HTTPTransport
    public let coalescer: RequestCoalescer

    public init(_ inner: any HTTPTransport, coalescer: RequestCoalescer = RequestCoalescer()) {
        self.inner = inner
        self.coalescer = coalescer
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let inner = self.inner
        return try await coalescer.send(request) { try await inner.send($0) }
    }

    /// Streams and uploads are never shared: each goes to the inner transport as it is.
    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        try await inner.stream(request)
    }

    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        try await inner.send(request, uploadProgress: uploadProgress)
    }
}
