import Foundation

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
