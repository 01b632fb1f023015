import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A `text/event-stream` answer (server-sent events): what an app's streaming route returns.
///
/// `produce` sends events through an ``EventStreamSender`` while the response is written:
/// - each event is written as it is sent, and `send` returns once it is handed to the connection, so
///   a producer never runs ahead of a slow client (back-pressure);
/// - a comment (`: keep-alive`) is written whenever `heartbeat` passes, so proxies and clients keep an
///   idle stream open;
/// - when the client goes away, the write fails and `produce` is cancelled (a `send` in progress
///   throws), so no work goes on for nobody;
/// - an error thrown by `produce` after the stream began cannot change the status any more: it is
///   written as a last event `error` whose data is the API's error body.
public enum EventStream {
    public static let contentType = "text/event-stream; charset=utf-8"

    public static func response(
        status: HTTPResponse.Status = .ok, heartbeat: Duration = .seconds(15), _ produce: @escaping @Sendable (EventStreamSender) async throws -> Void
    ) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"  // nginx and its kin: do not buffer
        return Response(
            status: status, headers: headers,
            body: ResponseBody { writer in
                try await write(to: &writer, heartbeat: heartbeat, produce)
            })
    }

    enum Item: Sendable {
        case event(ServerSentEvent, CheckedContinuation<Void, any Error>)
        case heartbeat
        case finished((any Error)?)
    }

    static func write(
        to writer: inout any ResponseBodyWriter, heartbeat: Duration, _ produce: @escaping @Sendable (EventStreamSender) async throws -> Void
    ) async throws {
        let (items, continuation) = AsyncStream<Item>.makeStream()
        let producer = Task {
            do {
                try await produce(EventStreamSender(continuation: continuation))
                continuation.yield(.finished(nil))
            } catch {
                continuation.yield(.finished(error))
            }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: heartbeat)
                continuation.yield(.heartbeat)
            }
        }
        var iterator = items.makeAsyncIterator()
        var failure: (any Error)?
        do {
            loop: while let item = await iterator.next() {
                switch item {
                case .event(let event, let written):
                    do {
                        try await writer.write(ByteBuffer(string: event.encoded))
                        written.resume()
                    } catch {
                        written.resume(throwing: error)
                        throw error
                    }
                case .heartbeat:
                    try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                case .finished(let error):
                    if let error { try await writer.write(ByteBuffer(string: Self.errorEvent(error).encoded)) }
                    break loop
                }
            }
        } catch {
            failure = error  // the client is gone
        }
        // Stop the work, and release every send still waiting.
        ticker.cancel()
        producer.cancel()
        continuation.finish()
        while let item = await iterator.next() {
            if case .event(_, let written) = item { written.resume(throwing: CancellationError()) }
        }
        if let failure { throw failure }
        try await writer.finish(nil)
    }

    /// The last event of a stream whose producer failed: `error`, with the API's error body.
    static func errorEvent(_ error: any Error) -> ServerSentEvent {
        ServerSentEvent(event: "error", data: String(decoding: apiError(for: error).jsonBody, as: UTF8.self))
    }

    /// What a client is told of `error` once a stream is open (an app writing its own `error`
    /// events uses it too): the API's error when it is one, else a generic failure.
    public static func apiError(for error: any Error) -> APIError {
        (error as? APIError) ?? (error as? any APIErrorConvertible)?.apiError ?? APIError(.internalServerError, code: "internal", message: "The stream failed; try again.")
    }
}

/// What an ``EventStream`` producer sends events through.
public struct EventStreamSender: Sendable {
    let continuation: AsyncStream<EventStream.Item>.Continuation

    /// Writes `event` and returns once the connection has taken it; throws when the client is gone
    /// (or the producer was cancelled).
    public func send(_ event: ServerSentEvent) async throws {
        try Task.checkCancellation()
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            if case .terminated = continuation.yield(.event(event, written)) {
                written.resume(throwing: CancellationError())
            }
        }
    }
}
