import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 child channel with the connection-level rules a public server needs and
/// `HTTP1Channel` does not have:
///
/// - **Malformed HTTP gets the API's JSON error.** Hummingbird answers every parse error with an
///   empty `400`. Here a header section over the limits (size or count) gets `431
///   request_header_fields_too_large`, any other parse error `400 malformed_request` — both with
///   the standard `{"error":{…}}` body, `Content-Length`, `Connection: close` — and the connection
///   is then closed.
/// - **`CONNECT` is refused** with `405 method_not_allowed` and closed. The HTTP decoder treats
///   whatever follows a `CONNECT` head as tunnel data, so the router's answer used to leave the
///   client waiting forever (and NIO's encoder strips the body of any response to `CONNECT`).
/// - **A request head must arrive in time** (``Configuration/headerTimeout``): counted from the
///   connection being accepted, and for later requests on a kept-alive connection from their first
///   byte. A connection that sends nothing is closed; one that sent part of a head gets `408
///   request_timeout` first.
/// - **A request body must arrive in time** (``Configuration/bodyDeadline``: a bound on the whole
///   body, a minimum average rate after a grace, and no long silence). Past it the request gets `408
///   request_timeout` and the connection closes — unless its answer is already being written, which
///   is never interrupted (the connection closes after it), or was written already (it just closes).
///   The body's clock starts when the server begins handling the request, not while it waits behind
///   pipelined ones.
/// - **Idle connections are closed** (``Configuration/idleTimeout``): between keep-alive requests;
///   never while an answer is being prepared or written (streaming answers included).
/// - **A client that stops reading is let go** (``Configuration/writeStallTimeout``): when the
///   connection cannot take more bytes (the client's window and the socket's buffer are full) and
///   not one byte of what waits went out for that long, it is closed, so the write waiting on it
///   fails and a stream's producer is cancelled instead of waiting forever on a peer that will never
///   read. A slow reader that takes some bytes in every period is not cut.
/// - **HTTP/1.x rules**: a request that does not keep the connection alive (HTTP/1.0 without
///   `Connection: keep-alive`, or `Connection: close`) is answered with `Connection: close`, and the
///   connection closes right after; nothing after it is read. An HTTP/1.1 request without `Host`, or
///   any request with more than one `Host` field line or an invalid one, gets `400 malformed_request`
///   and is not served (RFC 9112 §3.2).
/// - Requests that ask to switch protocols (`Upgrade` + `Connection: upgrade`) are answered
///   normally and then closed, because the decoder stops parsing after them.
///
/// Everything else — the responder, keep-alive, the request-handling loop, graceful shutdown — is
/// `HTTP1Channel`'s: this type builds one and adds two handlers to its pipeline.
public struct HardenedHTTP1Channel: ServerChildChannel {
    public typealias Value = HTTP1Channel.Value

    /// Limits and names for ``HardenedHTTP1Channel``.
    public struct Configuration: Sendable {
        /// Time allowed for a complete request head, from connection (or from the first byte of a
        /// later request on the same connection).
        public var headerTimeout: TimeAmount
        /// Time a kept-alive connection may stay silent between requests, and the longest silence
        /// within a request body (then 408).
        public var idleTimeout: TimeAmount
        /// Time a whole request body may take from its head.
        public var bodyTimeout: TimeAmount
        /// Average rate a request body must keep from its head, judged after ``headerTimeout`` (0: none).
        public var bodyMinBytesPerSecond: Int
        /// Header limits of the HTTP decoder (a request over them gets 431).
        public var maxHeaderBytes: Int
        public var maxHeaderCount: Int
        /// `Server` header on the responses this channel writes itself (the application adds it to
        /// the others).
        public var serverName: String?
        /// How long a rejected connection keeps reading (and discarding) what the client is still
        /// sending, so the client reads the error instead of a TCP reset.
        public var lingerTimeout: TimeAmount
        /// How long the connection may stay unable to take more bytes before it is closed.
        public var writeStallTimeout: TimeAmount

        public init(
            headerTimeout: TimeAmount = .seconds(10),
            idleTimeout: TimeAmount = .seconds(60),
            bodyTimeout: TimeAmount = .seconds(300),
            bodyMinBytesPerSecond: Int = 1024,
            maxHeaderBytes: Int = 80 * 1024,
            maxHeaderCount: Int = 1000,
            serverName: String? = nil,
            lingerTimeout: TimeAmount = .seconds(2),
            writeStallTimeout: TimeAmount = .seconds(60)
        ) {
            self.writeStallTimeout = writeStallTimeout
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.bodyTimeout = bodyTimeout
            self.bodyMinBytesPerSecond = bodyMinBytesPerSecond
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.serverName = serverName
            self.lingerTimeout = lingerTimeout
        }

        /// The rule a request body is held to: the body bound, the minimum rate after a grace as long
        /// as the header timeout, and the idle timeout as the longest silence.
        public var bodyDeadline: BodyDeadline {
            BodyDeadline(
                timeout: Duration(bodyTimeout), minBytesPerSecond: bodyMinBytesPerSecond,
                grace: Duration(headerTimeout), stall: Duration(idleTimeout))
        }
    }

    let base: HTTP1Channel
    public let configuration: Configuration

    public init(responder: @escaping HTTPChannelHandler.Responder, configuration: Configuration) {
        self.configuration = configuration
        self.base = HTTP1Channel(
            responder: responder,
            // No idle timeout of its own: the guard keeps every connection deadline (Hummingbird's
            // would close a stalled body silently, where the guard answers 408).
            configuration: .init(
                idleTimeout: nil,
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: configuration.maxHeaderBytes,
                    maxHeaderListSize: configuration.maxHeaderBytes,
                    maxHeaderFieldCount: configuration.maxHeaderCount
                )
            )
        )
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let configuration = self.configuration
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // HTTP1Channel's pipeline: encoder, decoder, HTTP1→HTTPTypes codec, state handler, async
            // channel. The guard goes right after the decoder (it sees NIO's parts and parse errors
            // before Hummingbird does); the wire handler in front of everything (raw bytes).
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTPRequestGuardHandler(configuration: configuration, logger: logger), position: .after(decoder))
            try pipeline.addHandler(HTTPWireHandler(lingerTimeout: configuration.lingerTimeout, writeStallTimeout: configuration.writeStallTimeout), position: .first)
            return value
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1.1 server built from ``HardenedHTTP1Channel``.
    public static func hardenedHTTP1(_ configuration: HardenedHTTP1Channel.Configuration) -> HTTPServerBuilder {
        .init { responder in HardenedHTTP1Channel(responder: responder, configuration: configuration) }
    }
}
