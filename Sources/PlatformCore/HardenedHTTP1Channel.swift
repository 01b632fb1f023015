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
/// response rather than a reset caused by unread data. It also closes a connection that has been
/// unable to take more bytes for `writeStallTimeout` (a client that stopped reading).
final class HTTPWireHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let lingerTimeout: TimeAmount
    let writeStallTimeout: TimeAmount
    private var finishing = false
    private var lingerTask: Scheduled<Void>?
    private var stallTask: Scheduled<Void>?

    init(lingerTimeout: TimeAmount, writeStallTimeout: TimeAmount = .seconds(60)) {
        self.lingerTimeout = lingerTimeout
        self.writeStallTimeout = writeStallTimeout
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallTask?.cancel()
            stallTask = nil
        } else if stallTask == nil {
            watchStall(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Closes the connection when, `writeStallTimeout` from now, it still cannot take more bytes and
    /// none of what waits to be written went out meanwhile; a client that reads slowly (a large
    /// download at a low rate) moves some bytes in every period and is watched again.
    private func watchStall(context: ChannelHandlerContext) {
        let waiting = Self.bytesWaiting(context)
        stallTask = context.eventLoop.assumeIsolated().scheduleTask(in: writeStallTimeout) { [self] in
            stallTask = nil
            guard !context.channel.isWritable, !finishing else { return }
            if let waiting, let now = Self.bytesWaiting(context), now < waiting {
                watchStall(context: context)
            } else {
                context.close(promise: nil)
            }
        }
    }

    /// Bytes handed to the connection and not yet written to the socket (nil where the channel cannot tell).
    private static func bytesWaiting(_ context: ChannelHandlerContext) -> Int? {
        try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)
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
        stallTask?.cancel()
        stallTask = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        lingerTask?.cancel()
        lingerTask = nil
        stallTask?.cancel()
        stallTask = nil
    }
}

/// Between NIO's HTTP decoder and Hummingbird: turns parse errors, `CONNECT` and bad `Host` fields
/// into JSON errors, keeps the connection's deadlines (request head, request body, idle), and closes
/// connections that end with a request (no keep-alive) or whose protocol the decoder has stopped
/// parsing. It answers only when every earlier (pipelined) response has been written, so answers
/// stay in request order.
final class HTTPRequestGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the connection is waiting for: it decides what the deadline means when it passes.
    enum Awaiting {
        /// Nothing is timed (an answer is being prepared or written).
        case nothing
        /// A request head (from connecting, or from a later request's first byte).
        case head
        /// The rest of the body of the request being read.
        case body
        /// Silence between kept-alive requests.
        case idle
    }

    /// The clock of the body being read.
    struct BodyClock {
        let start: NIODeadline
        var received = 0
        var lastBytesAt: NIODeadline
    }

    let configuration: HardenedHTTP1Channel.Configuration
    let bodyRule: BodyDeadline
    let logger: Logger

    /// Requests passed on whose responses have not ended.
    private var requestsInProgress = 0
    /// A passed-on request's head has arrived but not its end.
    private var readingRequest = false
    /// A response head has been written and its end not yet.
    private var responding = false
    /// Bytes of a request head not yet complete have arrived.
    private var headStarted = false
    /// The body being read is timed; nil before its clock starts and when no body is being read.
    private var bodyClock: BodyClock?
    /// Body bytes of the request being read that came before its clock started (with its head, or
    /// while earlier pipelined requests were handled): they count once the clock starts.
    private var bodyBytesBeforeClock = 0
    /// The request being read is the connection's last (no keep-alive, or an upgrade).
    private var readingLastRequest = false
    /// The last request has been read: nothing after it is read or answered.
    private var ignoringInput = false
    /// The last request is HTTP/1.0: its answer is framed for HTTP/1.0 (no chunked coding).
    private var lastRequestIsHTTP10 = false

    private var awaiting = Awaiting.nothing
    /// When what is awaited must have arrived; nil while nothing is timed.
    private var deadline: NIODeadline?
    /// The one timer that enforces ``deadline``, and when it fires. Re-arming is a timestamp: the
    /// timer is rescheduled only when a deadline comes before it; when it fires for a deadline that has
    /// since moved later, it schedules itself again. Scheduling and cancelling a task on every request
    /// cost about 2 % of the server's CPU on the hints read (issue 13), so a request that arrives
    /// whole in one read arms nothing.
    private var timer: Scheduled<Void>?
    private var timerFiresAt: NIODeadline?

    /// The answer to send once the responses in progress are written.
    private var pendingRejection: ConnectionRejection?
    /// The parts of a request answered here (`CONNECT`, a bad `Host`) are not passed on.
    private var discardingRequest = false
    /// Close once the responses in progress are written (last request; parse error mid-body).
    private var closeAfterResponses = false
    /// A parse error has been seen: later decoder errors are echoes of it.
    private var parseFailed = false
    /// The connection is being finished: nothing more is passed on or written.
    private var finished = false

    init(configuration: HardenedHTTP1Channel.Configuration, logger: Logger) {
        self.configuration = configuration
        self.bodyRule = configuration.bodyDeadline
        self.logger = logger
    }

    // MARK: Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { awaitFirstHead(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        awaitFirstHead(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    // MARK: Inbound

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ClientBytesReceived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // Bytes while no request is being read start the next request's head (its deadline is set
        // at the end of this read if the head is still incomplete then).
        guard !readingRequest, !finished, !ignoringInput else { return }
        headStarted = true
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished, pendingRejection == nil, !ignoringInput else { return }
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            if awaiting == .head || awaiting == .idle { clearDeadline() }
            headStarted = false
            if head.method == .CONNECT {
                discardingRequest = true
                reject(.methodNotAllowedForConnect, context: context)
                return
            }
            if let problem = Self.hostProblem(head) {
                discardingRequest = true
                reject(ConnectionRejection(status: .badRequest, code: "malformed_request", message: problem), context: context)
                return
            }
            if Self.asksForUpgrade(head) || !head.isKeepAlive || Self.asksToClose(head) {
                closeAfterResponses = true
                readingLastRequest = true
                lastRequestIsHTTP10 = head.version == .http1_0
            }
            readingRequest = true
            bodyBytesBeforeClock = 0
            requestsInProgress += 1
            context.fireChannelRead(data)
        case .body(let bytes):
            if discardingRequest { return }
            if bodyClock != nil {
                bodyClock!.received += bytes.readableBytes
            } else {
                bodyBytesBeforeClock += bytes.readableBytes
            }
            context.fireChannelRead(data)
        case .end:
            if discardingRequest {
                discardingRequest = false
                return
            }
            readingRequest = false
            bodyClock = nil
            if awaiting == .body { clearDeadline() }
            if readingLastRequest { ignoringInput = true }
            context.fireChannelRead(data)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !finished {
            if readingRequest {
                // A body still arriving after this read: time it (once the server handles it).
                if bodyClock != nil {
                    bodyClock?.lastBytesAt = .now()
                } else if requestsInProgress == 1 {
                    startBodyClock(context: context)
                }
            } else if headStarted, awaiting != .head, requestsInProgress == 0, pendingRejection == nil {
                awaiting = .head
                setDeadline(.now() + configuration.headerTimeout, context: context)
            }
        }
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if finished || parseFailed || pendingRejection != nil {
            return  // echoes of an error already answered (e.g. data received in the decoder's error state)
        }
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if ignoringInput {
            // Bytes after the connection's last request, which the decoder refuses: that request is
            // still answered, and the connection closes after its answer.
            return
        }
        parseFailed = true
        clearDeadline()
        if readingRequest {
            // The body of a request being handled is broken: its handler sees the error (the error
            // middleware answers 400), and the connection closes after that response.
            closeAfterResponses = true
            bodyClock = nil
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
        case .head(var head):
            responding = true
            guard closeAfterResponses, requestsInProgress <= 1 else {
                context.write(data, promise: promise)
                return
            }
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            // An HTTP/1.0 client cannot read chunked coding: a body of unknown length is
            // delimited by the close instead.
            if lastRequestIsHTTP10, !head.headers.contains(name: "content-length") { head.version = .http1_0 }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            context.write(data, promise: promise)
            responding = false
            requestsInProgress = max(0, requestsInProgress - 1)
            responseEnded(context: context)
        default:
            context.write(data, promise: promise)
        }
    }

    // MARK: Decisions

    /// After a response's end: answer what waits, close, or time what comes next.
    private func responseEnded(context: ChannelHandlerContext) {
        if requestsInProgress == 1, readingRequest, bodyClock == nil {
            // The request whose body is arriving is the one the server handles now.
            startBodyClock(context: context)
            return
        }
        guard requestsInProgress == 0 else { return }
        if let rejection = pendingRejection {
            finish(context: context, with: rejection)
        } else if closeAfterResponses {
            finish(context: context, with: nil)
        } else if readingRequest {
            return  // answered before its body ended: the body's clock goes on
        } else if headStarted {
            awaiting = .head
            setDeadline(.now() + configuration.headerTimeout, context: context)
        } else {
            awaiting = .idle
            setDeadline(.now() + configuration.idleTimeout, context: context)
        }
    }

    private func startBodyClock(context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        bodyClock = BodyClock(start: now, received: bodyBytesBeforeClock, lastBytesAt: now)
        bodyBytesBeforeClock = 0
        awaiting = .body
        setDeadline(bodyDeadline(bodyClock!), context: context)
    }

    private func bodyDeadline(_ clock: BodyClock) -> NIODeadline {
        let offset = bodyRule.deadline(received: clock.received, lastBytesAt: Duration(clock.lastBytesAt - clock.start))
        return clock.start + TimeAmount(offset)
    }

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
        stopTimer()
        let bytes = rejection.map { $0.render(serverName: configuration.serverName, allocator: context.channel.allocator) }
        context.triggerUserOutboundEvent(FinishConnection(bytes: bytes), promise: nil)
    }

    // MARK: Deadlines

    private func awaitFirstHead(context: ChannelHandlerContext) {
        guard awaiting == .nothing, deadline == nil, !finished else { return }
        awaiting = .head
        setDeadline(.now() + configuration.headerTimeout, context: context)
    }

    private func setDeadline(_ newDeadline: NIODeadline, context: ChannelHandlerContext) {
        guard !finished else { return }
        deadline = newDeadline
        if let firesAt = timerFiresAt, firesAt <= newDeadline { return }  // it fires first and re-arms
        timer?.cancel()
        scheduleTimer(at: newDeadline, context: context)
    }

    private func scheduleTimer(at time: NIODeadline, context: ChannelHandlerContext) {
        timerFiresAt = time
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [self] in
            timer = nil
            timerFiresAt = nil
            deadlinePassed(context: context)
        }
    }

    private func deadlinePassed(context: ChannelHandlerContext) {
        guard let deadline, !finished else { return }
        let now = NIODeadline.now()
        if awaiting == .body, let clock = bodyClock {
            let limit = bodyDeadline(clock)
            guard limit <= now else {
                setDeadline(limit, context: context)  // bytes came in since: a later limit
                return
            }
            clearDeadline()
            bodyTimedOut(context: context)
            return
        }
        guard deadline <= now else {
            scheduleTimer(at: deadline, context: context)  // a later deadline of the same kind
            return
        }
        let passed = awaiting
        clearDeadline()
        guard !readingRequest, requestsInProgress == 0, pendingRejection == nil else { return }
        switch passed {
        case .head where headStarted:
            let seconds = configuration.headerTimeout.nanoseconds / 1_000_000_000
            finish(
                context: context,
                with: ConnectionRejection(status: .requestTimeout, code: "request_timeout", message: "The request head did not arrive within \(seconds) seconds."))
        case .head, .idle:
            finish(context: context, with: nil)  // said nothing: nothing to answer
        case .body, .nothing:
            break
        }
    }

    /// The body being read ran out of time.
    private func bodyTimedOut(context: ChannelHandlerContext) {
        bodyClock = nil
        logger.debug("request body timed out")
        if requestsInProgress == 0 {
            finish(context: context, with: nil)  // its answer was written already
        } else if responding {
            closeAfterResponses = true  // its answer is being written: never interrupted
        } else {
            finish(
                context: context,
                with: ConnectionRejection(status: .requestTimeout, code: "request_timeout", message: bodyRule.explanation()))
        }
    }

    /// Nothing is timed any more; a pending timer will find nothing to do.
    private func clearDeadline() {
        deadline = nil
        awaiting = .nothing
    }

    /// The connection is done with: its timer goes too.
    private func stopTimer() {
        clearDeadline()
        timer?.cancel()
        timer = nil
        timerFiresAt = nil
    }

    // MARK: Request checks

    /// `Connection: close` among the field's tokens, whatever else it lists (RFC 9112 §9.3: close
    /// wins over an HTTP/1.0 `keep-alive` beside it, which NIO's `isKeepAlive` reads as keep-alive).
    static func asksToClose(_ head: HTTPRequestHead) -> Bool {
        head.headers[canonicalForm: "connection"].contains { $0.utf8.count == 5 && $0.lowercased() == "close" }
    }

    /// Whether the HTTP decoder will treat what follows this request as another protocol.
    static func asksForUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers.contains(name: "upgrade")
            && head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "upgrade" }
    }

    /// Why the request's `Host` fields make it unservable (RFC 9112 §3.2), or nil when they are fine.
    static func hostProblem(_ head: HTTPRequestHead) -> String? {
        let hosts = head.headers["host"]
        switch hosts.count {
        case 0:
            return head.version == .http1_1 ? "An HTTP/1.1 request must have a Host header." : nil
        case 1:
            return HostField.isValid(hosts[0]) ? nil : "The Host header is not a valid host[:port]."
        default:
            return "The request has more than one Host header."
        }
    }
}

/// The `Host` field's grammar (RFC 9110 §7.2: `uri-host [ ":" port ]`, RFC 3986 §3.2.2), so a request
/// naming no host, or several, is refused at the connection instead of being served.
enum HostField {
    /// Whether `value` is empty (allowed when the target has no authority) or a host with an optional port.
    static func isValid(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy(isIPLiteralByte) else { return false }
            bytes = bytes[bytes.index(after: close)...]
        } else {
            let end = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            guard isRegName(bytes[..<end]) else { return false }
            bytes = bytes[end...]
        }
        guard let colon = bytes.first else { return true }
        guard colon == UInt8(ascii: ":") else { return false }
        let port = bytes.dropFirst()
        return port.count <= 5 && port.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// RFC 3986 reg-name (which includes IPv4 addresses): unreserved, sub-delims and %HH.
    static func isRegName(_ name: Substring.UTF8View.SubSequence) -> Bool {
        var index = name.startIndex
        while index < name.endIndex {
            let byte = name[index]
            if byte == UInt8(ascii: "%") {
                let digits = name[name.index(after: index)...].prefix(2)
                guard digits.count == 2, digits.allSatisfy(isHexDigit) else { return false }
                index = name.index(index, offsetBy: 3)
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index = name.index(after: index)
        }
        return true
    }

    /// RFC 3986's sub-delims: `!$&'()*+,;=`.
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }

    /// An IPv6 address or IPvFuture inside brackets: hex digits, `:`, `.`, and IPvFuture's letters.
    static func isIPLiteralByte(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":")
    }
}
