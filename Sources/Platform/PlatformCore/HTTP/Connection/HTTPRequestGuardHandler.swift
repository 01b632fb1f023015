import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

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
