import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body is read while it arrives (a `text/event-stream`): the head as soon as the
/// server sent it, then the body chunk by chunk. Dropping `body` unread, or cancelling the task that
/// reads it, cancels the request: the connection closes and the server sees the client go away.
public struct HTTPStreamingResponse: Sendable {
    /// Status and headers; its `body` is empty (the bytes come through ``body``).
    public var head: HTTPResponseData
    /// The body's bytes in the chunks they arrived in; it throws ``ClientError/offline(_:)`` when
    /// the connection breaks before the body's end.
    public var body: AsyncThrowingStream<Data, any Error>

    public init(head: HTTPResponseData, body: AsyncThrowingStream<Data, any Error>) {
        self.head = head
        self.body = body
    }

    /// A response already read whole, its body yielded as one chunk (transports that only `send`).
    public init(whole response: HTTPResponseData) {
        var head = response
        head.body = Data()
        self.head = head
        self.body = AsyncThrowingStream { continuation in
            if !response.body.isEmpty { continuation.yield(response.body) }
            continuation.finish()
        }
    }

    /// The response with its body read to the end, or to `limit` bytes (the rest is not read and
    /// the request is cancelled): for an error answer, whose body is the platform's error envelope.
    public func collect(upTo limit: Int = 1 << 20) async throws -> HTTPResponseData {
        var whole = head
        for try await chunk in body {
            whole.body.append(chunk.prefix(limit - whole.body.count))
            if whole.body.count >= limit { break }
        }
        return whole
    }
}
