import AsyncHTTPClient
import ClientCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// ``HTTPTransport`` over AsyncHTTPClient (SwiftNIO): what the command-line clients and every test
/// that talks to a live socket use on Linux.
///
/// Why it exists: swift-corelibs-foundation's URLSession, behind ``URLSessionTransport``, crashed
/// (`TaskRegistry.swift:118: Trying to access a behaviour for a task that in not in the registry`)
/// when a cancel raced a completion, and under load it left completions undelivered, so a caller
/// awaited forever. AsyncHTTPClient is built for a server's load: each request is one structured
/// `execute`, cancelling the calling task cancels it, and every wait is bounded. The SDKs keep
/// ``URLSessionTransport`` as their default on Apple platforms, where URLSession is the system's.
///
/// Timeouts follow ``URLSessionTransport``'s: `timeout` bounds each wait for bytes either way (the
/// head, every chunk of the body, every write of an upload), not the whole exchange, so a stream with
/// a keep-alive lives as long as its server keeps it. Beyond URLSession, the wait for the head has a
/// bound of its own (twice the timeout plus 10 s, plus a second per 16 KiB of upload), so a request
/// queued behind a busy pool cannot wait for ever either. A connection that cannot be made (refused,
/// or not within `min(timeout, 10 s)`) fails as ``ConnectionNotMade``; a cancelled caller gets
/// `CancellationError`. Proxy variables (`http_proxy`) are not read: the CLIs talk to the server directly.
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient
    let timeout: TimeInterval
    /// Requests and body relays started and not yet finished (``outstanding``).
    let inFlight: InFlightCounter

    /// - Parameter timeout: seconds without a byte from the server before a request fails as a
    ///   timeout (``ClientError/offline(_:)`` with ``ClientError/timeoutPhrase``).
    public init(timeout: TimeInterval = 60) {
        self.timeout = min(max(timeout, 0.001), SharedClients.longest)
        self.client = SharedClients.client(timeout: self.timeout)
        self.inFlight = InFlightCounter()
    }

    /// Requests of this transport (and of copies of it) whose work has not finished: an answer still
    /// awaited or a streamed body still relayed. Tests read it to show nothing was left behind.
    public var outstanding: Int { inFlight.value }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try await send(request, reporting: nil)
    }

    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        try await Self.reportingEnds(uploadProgress) { try await send(request, reporting: uploadProgress) }
    }

    private func send(_ request: HTTPRequestData, reporting: (@Sendable (Double) -> Void)?) async throws -> HTTPResponseData {
        inFlight.add(1)
        defer { inFlight.add(-1) }
        let outgoing = Self.request(request, reporting: reporting)
        do {
            let response = try await client.execute(outgoing, timeout: headDeadline(uploading: request.body?.count ?? 0))
            var body = Data()
            for try await chunk in response.body { body.append(contentsOf: chunk.readableBytesView) }
            return HTTPResponseData(status: Int(response.status.code), headers: Self.headers(response.headers), body: body)
        } catch {
            throw Self.failure(error, url: request.url)
        }
    }

    /// The head once it arrived; the body relayed chunk by chunk by a task of its own, which ends
    /// when the body ends, fails, or the reader drops or stops iterating the body (that cancels the
    /// request and closes the connection).
    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        inFlight.add(1)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(Self.request(request, reporting: nil), timeout: headDeadline(uploading: request.body?.count ?? 0))
        } catch {
            inFlight.add(-1)
            throw Self.failure(error, url: request.url)
        }
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let url = request.url
        let counter = inFlight
        let relay = Task {
            defer { counter.add(-1) }
            do {
                for try await chunk in response.body {
                    if case .terminated = continuation.yield(Data(chunk.readableBytesView)) { return }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: Self.failure(error, url: url))
            }
        }
        continuation.onTermination = { _ in relay.cancel() }
        let head = HTTPResponseData(status: Int(response.status.code), headers: Self.headers(response.headers))
        return HTTPStreamingResponse(head: head, body: body)
    }

    /// The bound on the whole wait for the head (queue, connection, upload, answer): the read and
    /// write timeouts bound each wait for bytes; this bounds their sum, with room for an upload of
    /// `bytes` at 16 KiB/s.
    private func headDeadline(uploading bytes: Int) -> TimeAmount {
        .milliseconds(Int64(timeout * 2_000) + 10_000 + Int64(bytes / 16))
    }

    static func request(_ request: HTTPRequestData, reporting: (@Sendable (Double) -> Void)?) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if let body = request.body {
            if let reporting, body.count > UploadChunks.chunkSize {
                outgoing.body = .stream(UploadChunks(body, reporting: reporting), length: .known(Int64(body.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: body))
            }
        }
        return outgoing
    }

    /// Header fields as ``HTTPResponseData`` holds them: one value per name, repeated fields
    /// joined with ", " as HTTP allows (and as URLSession reports them).
    static func headers(_ fields: HTTPHeaders) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in fields {
            if let earlier = headers[name] { headers[name] = earlier + ", " + value } else { headers[name] = value }
        }
        return headers
    }

    /// The error a failure is: ``ConnectionNotMade`` when no connection could be opened (nothing of
    /// the request left the device), `CancellationError` when the caller cancelled, else
    /// ``ClientError/offline(_:)``, saying "did not answer in time" for a timeout.
    static func failure(_ error: any Error, url: URL) -> any Error {
        if error is CancellationError || error is ConnectionNotMade || error is ClientError { return error }
        let server = "\(url.scheme ?? "http")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        if let client = error as? HTTPClientError {
            switch client {
            case .cancelled: return CancellationError()
            case .readTimeout, .deadlineExceeded, .writeTimeout:
                return ClientError.offline("The server at \(server) \(ClientError.timeoutPhrase).")
            case .connectTimeout, .socksHandshakeTimeout, .tlsHandshakeTimeout:
                return ConnectionNotMade("Cannot reach the server at \(server) (no connection within the time allowed).")
            default: break
            }
        }
        if error is NIOConnectionError || Self.isConnectFailure(error) {
            return ConnectionNotMade("Cannot reach the server at \(server) (\(error)).")
        }
        return ClientError.offline("Cannot reach the server at \(server) (\(error)).")
    }

    /// A failure of `connect(2)` itself: refused, unreachable, or a name that does not resolve.
    static func isConnectFailure(_ error: any Error) -> Bool {
        if let io = error as? IOError { return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(io.errnoCode) }
        if let channel = error as? ChannelError, case .connectTimeout = channel { return true }
        return error is SocketAddressError
    }
}

/// A count of work in flight, shared by a transport and its copies.
final class InFlightCounter: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ delta: Int) { count.add(delta, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
