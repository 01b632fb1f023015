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
/// - **Idle connections are closed** (``Configuration/idleTimeout``): between keep-alive requests
///   and while a request body stalls (Hummingbird's own idle handling, which never interrupts a
///   response being prepared).
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
        /// Time a connection may stay silent between requests or in the middle of a request body.
        public var idleTimeout: TimeAmount
        /// Header limits of the HTTP decoder (a request over them gets 431).
        public var maxHeaderBytes: Int
        public var maxHeaderCount: Int
        /// `Server` header on the responses this channel writes itself (the application adds it to
        /// the others).
        public var serverName: String?
        /// How long a rejected connection keeps reading (and discarding) what the client is still
        /// sending, so the client reads the error instead of a TCP reset.
        public var lingerTimeout: TimeAmount

        public init(
            headerTimeout: TimeAmount = .seconds(10),
            idleTimeout: TimeAmount = .seconds(60),
            maxHeaderBytes: Int = 80 * 1024,
            maxHeaderCount: Int = 1000,
            serverName: String? = nil,
            lingerTimeout: TimeAmount = .seconds(2)
        ) {
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.serverName = serverName
            self.lingerTimeout = lingerTimeout
        }
    }

    let base: HTTP1Channel
    public let configuration: Configuration

    public init(responder: @escaping HTTPChannelHandler.Responder, configuration: Configuration) {
        self.configuration = configuration
        self.base = HTTP1Channel(
            responder: responder,
            configuration: .init(
                idleTimeout: configuration.idleTimeout,
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
            try pipeline.addHandler(HTTPWireHandler(lingerTimeout: configuration.lingerTimeout), position: .first)
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

/// A response the guard writes itself: the API's error shape, as raw HTTP/1.1 bytes.
struct ConnectionRejection {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var extraHeaders: [(String, String)] = []

    /// The answer to a request the HTTP decoder could not parse; nil when there is nobody to answer
    /// (the client closed mid-request).
    static func forParseError(_ error: HTTPParserError, limits: HardenedHTTP1Channel.Configuration) -> ConnectionRejection? {
        let message: String
        switch error {
        case .headerOverflow:
            return ConnectionRejection(
                status: .requestHeaderFieldsTooLarge, code: "request_header_fields_too_large",
                message: "The request's header section is too large: at most \(limits.maxHeaderBytes) bytes and \(limits.maxHeaderCount) fields."
            )
        case .invalidEOFState, .closedConnection:
            return nil
        case .invalidContentLength, .unexpectedContentLength:
            message = "Content-Length is malformed, repeated, or sent together with Transfer-Encoding."
        case .invalidChunkSize:
            message = "The chunked request body is malformed."
        case .invalidMethod:
            message = "The request method is not a known HTTP method."
        case .invalidVersion:
            message = "Only HTTP/1.0 and HTTP/1.1 are served here."
        case .invalidURL:
            message = "The request target is malformed."
        case .invalidHeaderToken, .invalidCharactersUsed:
            message = "A header field contains characters HTTP does not allow."
        default:
            message = "The request is not valid HTTP/1.1."
        }
        return ConnectionRejection(status: .badRequest, code: "malformed_request", message: message)
    }

    static let methodNotAllowedForConnect = ConnectionRejection(
        status: .methodNotAllowed, code: "method_not_allowed",
        message: "CONNECT is not supported: this is an API server, not a proxy.",
        extraHeaders: [("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")]
    )

    /// The complete response: status line, headers, JSON body; always `Connection: close`.
    func render(serverName: String?, allocator: ByteBufferAllocator) -> ByteBuffer {
        let body = APIError(status, code: code, message: message).jsonBody
        var head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        head += "Content-Type: application/json; charset=utf-8\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: close\r\n"
        head += "Date: \(Self.httpDate(Date()))\r\n"
        if let serverName { head += "Server: \(serverName)\r\n" }
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var buffer = allocator.buffer(capacity: head.utf8.count + body.count)
        buffer.writeString(head)
        buffer.writeBytes(body)
        return buffer
    }

    /// IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (only for the rare responses written here).
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// Inbound event from ``HTTPWireHandler``: bytes arrived from the client (fired before the bytes
/// reach the decoder).
struct ClientBytesReceived {}

/// Outbound event for ``HTTPWireHandler``: write `bytes` (if any) as the last thing on the
/// connection, then close it.
struct FinishConnection {
    var bytes: ByteBuffer?
}

/// Sits in front of the HTTP codec, on raw bytes. It tells the guard when the client sends
/// anything, and ends connections for it: the final response is written as bytes (so NIO's encoder
/// cannot drop its body, as it does for any response to `CONNECT`), the write side is shut, and
/// whatever the client is still sending is read and discarded for a moment, so the client sees the
/// response rather than a reset caused by unread data.
final class HTTPWireHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let lingerTimeout: TimeAmount
    private var finishing = false
    private var lingerTask: Scheduled<Void>?

    init(lingerTimeout: TimeAmount) {
        self.lingerTimeout = lingerTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finishing else { return }
        context.fireUserInboundEventTriggered(ClientBytesReceived())
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let finish = event as? FinishConnection else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        promise?.succeed(())
        guard !finishing else { return }
        finishing = true
        if let bytes = finish.bytes {
            context.write(wrapOutboundOut(.byteBuffer(bytes)), promise: nil)
        }
        context.flush()
        // Half-close once everything queued is written; then linger until the client closes too.
        context.close(mode: .output, promise: nil)
        lingerTask = context.eventLoop.assumeIsolated().scheduleTask(in: lingerTimeout) {
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        lingerTask?.cancel()
        lingerTask = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        lingerTask?.cancel()
        lingerTask = nil
    }
}

/// Between NIO's HTTP decoder and Hummingbird: turns parse errors and `CONNECT` into JSON errors,
/// keeps the request-head deadline, and closes connections whose protocol the decoder has stopped
/// parsing. It answers only when every earlier (pipelined) response has been written, so answers
/// stay in request order.
final class HTTPRequestGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let configuration: HardenedHTTP1Channel.Configuration
    let logger: Logger

    /// Requests passed on whose responses have not ended.
    private var requestsInProgress = 0
    /// A passed-on request's head has arrived but not its end.
    private var readingRequest = false
    /// Bytes of a request head not yet complete have arrived.
    private var headStarted = false
    /// When the awaited request head must have arrived; nil while none is awaited.
    private var headDeadline: NIODeadline?
    /// The timer that enforces ``headDeadline``. Re-arming is a timestamp: the timer is scheduled
    /// only when none is pending, and when it fires for a deadline that has since moved, it
    /// schedules itself again. Scheduling and cancelling a task on every request cost about 2 % of
    /// the server's CPU on the hints read (issue 13).
    private var headTimer: Scheduled<Void>?
    /// The answer to send once the responses in progress are written.
    private var pendingRejection: ConnectionRejection?
    /// The parts of a `CONNECT` request, answered here, are not passed on.
    private var discardingRequest = false
    /// Close once the responses in progress are written (upgrade request; parse error mid-body).
    private var closeAfterResponses = false
    /// A parse error has been seen: later decoder errors are echoes of it.
    private var parseFailed = false
    /// The connection is being finished: nothing more is passed on or written.
    private var finished = false

    init(configuration: HardenedHTTP1Channel.Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    // MARK: Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armHeadDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armHeadDeadline(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopHeadTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopHeadTimer()
    }

    // MARK: Inbound

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ClientBytesReceived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // Bytes while no request is being read start the next request's head.
        guard !readingRequest, !finished else { return }
        headStarted = true
        if requestsInProgress == 0, pendingRejection == nil { armHeadDeadline(context: context) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished, pendingRejection == nil else { return }
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            cancelHeadDeadline()
            headStarted = false
            if head.method == .CONNECT {
                discardingRequest = true
                reject(.methodNotAllowedForConnect, context: context)
                return
            }
            if Self.asksForUpgrade(head) { closeAfterResponses = true }
            readingRequest = true
            requestsInProgress += 1
            context.fireChannelRead(data)
        case .body:
            if !discardingRequest { context.fireChannelRead(data) }
        case .end:
            if discardingRequest {
                discardingRequest = false
                return
            }
            readingRequest = false
            context.fireChannelRead(data)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if finished || parseFailed || pendingRejection != nil {
            return  // echoes of an error already answered (e.g. data received in the decoder's error state)
        }
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        parseFailed = true
        cancelHeadDeadline()
        if readingRequest {
            // The body of a request being handled is broken: its handler sees the error (the error
            // middleware answers 400), and the connection closes after that response.
            closeAfterResponses = true
            if requestsInProgress == 0 {
                finish(context: context, with: nil)
            } else {
                context.fireErrorCaught(error)
            }
            return
        }
        guard let rejection = ConnectionRejection.forParseError(parserError, limits: configuration) else {
            finish(context: context, with: nil)
            return
        }
        reject(rejection, context: context)
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !finished else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where closeAfterResponses && requestsInProgress <= 1:
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            context.write(data, promise: promise)
            requestsInProgress = max(0, requestsInProgress - 1)
            guard requestsInProgress == 0 else { return }
            if let rejection = pendingRejection {
                finish(context: context, with: rejection)
            } else if closeAfterResponses {
                finish(context: context, with: nil)
            } else if headStarted {
                armHeadDeadline(context: context)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    // MARK: Decisions

    private func reject(_ rejection: ConnectionRejection, context: ChannelHandlerContext) {
        logger.debug("rejecting request", metadata: ["status": "\(rejection.status.code)", "code": "\(rejection.code)"])
        if requestsInProgress == 0 {
            finish(context: context, with: rejection)
        } else {
            pendingRejection = rejection
        }
    }

    /// Writes `rejection` (if any) as the connection's last response and closes it.
    private func finish(context: ChannelHandlerContext, with rejection: ConnectionRejection?) {
        guard !finished else { return }
        finished = true
        stopHeadTimer()
        let bytes = rejection.map { $0.render(serverName: configuration.serverName, allocator: context.channel.allocator) }
        context.triggerUserOutboundEvent(FinishConnection(bytes: bytes), promise: nil)
    }

    private func armHeadDeadline(context: ChannelHandlerContext) {
        guard headDeadline == nil, !finished else { return }
        let deadline = NIODeadline.now() + configuration.headerTimeout
        headDeadline = deadline
        if headTimer == nil { scheduleHeadTimer(at: deadline, context: context) }
    }

    private func scheduleHeadTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            headTimer = nil
            guard let deadline = headDeadline, !finished else { return }
            guard deadline <= .now() else {
                scheduleHeadTimer(at: deadline, context: context)  // a later head's deadline
                return
            }
            headDeadline = nil
            guard !readingRequest, requestsInProgress == 0, pendingRejection == nil else { return }
            if headStarted {
                let seconds = configuration.headerTimeout.nanoseconds / 1_000_000_000
                finish(
                    context: context,
                    with: ConnectionRejection(
                        status: .requestTimeout, code: "request_timeout",
                        message: "The request head did not arrive within \(seconds) seconds."
                    ))
            } else {
                finish(context: context, with: nil)  // said nothing: nothing to answer
            }
        }
    }

    /// No head is awaited any more; the pending timer, if any, will find nothing to do.
    private func cancelHeadDeadline() {
        headDeadline = nil
    }

    /// The connection is done with: its timer goes too.
    private func stopHeadTimer() {
        headDeadline = nil
        headTimer?.cancel()
        headTimer = nil
    }

    /// Whether the HTTP decoder will treat what follows this request as another protocol.
    static func asksForUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers.contains(name: "upgrade")
            && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }
}
