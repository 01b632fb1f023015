import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlatformAPI
import ServiceLifecycle

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
///   written as the last events `ending` gives for it (by default one `error` whose data is the API's
///   error body);
/// - when the server begins a graceful shutdown (SIGTERM) while the stream is open, `produce` is
///   cancelled and awaited (it may record how it ended), and the stream ends with `ending`'s events
///   for ``serverRestarting``: streams live on the instance that opened them and are not resumed.
public enum EventStream {
    public static let contentType = "text/event-stream; charset=utf-8"

    /// What a stream open while its server stops ends with: ask again (another instance answers).
    public static let serverRestarting = APIError(.serviceUnavailable, code: StreamInterruption.serverRestarting, message: "The server is restarting; ask again.")

    /// What a request reconnecting to a stream is told: the stream it had was cut (its server
    /// stopped) and is not resumed.
    public static let streamInterrupted = APIError(
        .conflict, code: StreamInterruption.streamInterrupted, message: "The answer was cut off when its server stopped; ask again.")

    /// A stream holding only `ending`'s events for ``streamInterrupted`` when `request` reconnects the
    /// server-sent-events way (it carries `Last-Event-ID`, as EventSource sends after a cut); nil for
    /// a new request. A route answers it before doing anything, so a reconnect starts no new work.
    public static func reconnection(_ request: Request, ending: @escaping Ending = { [errorEvent($0)] }) -> Response? {
        guard request.headers[lastEventID] != nil else { return nil }
        return response(ending: ending) { _ in throw streamInterrupted }
    }

    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// The last events of a stream that ends on `error`: by default one `error` event with the API's error body.
    public typealias Ending = @Sendable (APIError) -> [ServerSentEvent]

    public static func response(
        status: HTTPResponse.Status = .ok, heartbeat: Duration = .seconds(15), ending: @escaping Ending = { [errorEvent($0)] },
        _ produce: @escaping @Sendable (EventStreamSender) async throws -> Void
    ) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .cacheControl: "no-store"]
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"  // nginx and its kin: do not buffer
        return Response(
            status: status, headers: headers,
            body: ResponseBody { writer in
                try await write(to: &writer, heartbeat: heartbeat, ending: ending, produce)
            })
    }

    enum Item: Sendable {
        case event(ServerSentEvent, CheckedContinuation<Void, any Error>)
        case heartbeat
        case finished((any Error)?)
        case shutdown
    }

    static func write(
        to writer: inout any ResponseBodyWriter, heartbeat: Duration, ending: @escaping Ending = { [errorEvent($0)] },
        _ produce: @escaping @Sendable (EventStreamSender) async throws -> Void
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
        var stopping = false
        do {
            // One shutdown handler for the whole stream: a graceful shutdown puts one `shutdown` item
            // in line (a handler registered after shutdown began would run at once, every time).
            try await withGracefulShutdownHandler {
                loop: while let item = await iterator.next() {
                    switch item {
                    case .event(_, let written) where stopping:
                        written.resume(throwing: CancellationError())
                    case .event(let event, let written):
                        do {
                            try await writer.write(ByteBuffer(string: event.encoded))
                            written.resume()
                        } catch {
                            written.resume(throwing: error)
                            throw error
                        }
                    case .heartbeat:
                        if !stopping { try await writer.write(ByteBuffer(string: ": keep-alive\n\n")) }
                    case .shutdown:
                        // Stop the work and let it end (and record itself); its `finished` ends the stream.
                        stopping = true
                        producer.cancel()
                    case .finished(let error):
                        if stopping {
                            try await writer.write(ByteBuffer(string: ending(serverRestarting).map(\.encoded).joined()))
                        } else if let error {
                            try await writer.write(ByteBuffer(string: ending(apiError(for: error)).map(\.encoded).joined()))
                        }
                        break loop
                    }
                }
            } onGracefulShutdown: {
                continuation.yield(.shutdown)
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
    public static func errorEvent(_ error: APIError) -> ServerSentEvent {
        ServerSentEvent(event: "error", data: String(decoding: error.jsonBody, as: UTF8.self))
    }

    /// What a client is told of `error` once a stream is open (an app writing its own `error`
    /// events uses it too): the API's error when it is one, else a generic failure.
    public static func apiError(for error: any Error) -> APIError {
        (error as? APIError) ?? (error as? any APIErrorConvertible)?.apiError ?? APIError(.internalServerError, code: "internal", message: "The stream failed; try again.")
    }
}
