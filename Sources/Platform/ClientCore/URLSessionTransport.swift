import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real transport over `URLSession` (FoundationNetworking on Linux). Uploads report their
/// progress from the session delegate's `didSendBodyData`; streams are fed by its data-task
/// callbacks (`URLSession.bytes(for:)` does not exist on Linux), the same code on every platform.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    let events: SessionDelegate

    /// - Parameter timeout: seconds before a request counts as failed (and, for connectivity,
    ///   offline). For a stream it bounds each wait for more bytes, not the whole stream: the
    ///   platform's event streams send a keep-alive comment every 15 s.
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        events = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try await send(request, reporting: nil)
    }

    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        try await Self.reportingEnds(uploadProgress) { try await send(request, reporting: uploadProgress) }
    }

    /// Streams through the session delegate's data-task callbacks: `didReceive response` returns
    /// the head, each `didReceive data` is yielded as it comes, `didCompleteWithError` ends the body.
    /// Cancelling the calling task while the head is awaited, or later cancelling the task that
    /// reads the body or dropping the body, cancels the URLSession task and so closes the connection.
    ///
    /// Back-pressure: URLSession pushes data as the socket delivers it and offers no pull on Linux
    /// (`suspend()` is not a flow control there), so chunks not yet read wait in the body's buffer;
    /// the platform's streams are small events a reader consumes faster than a network brings them.
    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse {
        var urlRequest = Self.urlRequest(request)
        urlRequest.httpBody = request.body
        let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let running = RunningTask()
        bodyContinuation.onTermination = { _ in running.cancelUnlessCompleting() }
        let session = self.session
        let delegate = self.events
        let head = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (head: CheckedContinuation<HTTPResponseData, any Error>) in
                let task = session.dataTask(with: urlRequest)
                delegate.receive(task.taskIdentifier, StreamReceiver(url: request.url, head: head, body: bodyContinuation, running: running))
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
        return HTTPStreamingResponse(head: head, body: body)
    }

    private func send(_ request: HTTPRequestData, reporting: (@Sendable (Double) -> Void)?) async throws -> HTTPResponseData {
        var urlRequest = Self.urlRequest(request)
        let session = self.session
        let delegate = self.events
        // Cancelling the calling task cancels the request (a search the user typed past stops at once).
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    running.finished()
                    if let error {
                        continuation.resume(throwing: Self.failure(error, url: request.url))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: ClientError.offline("No HTTP response from \(request.url.host ?? request.url.absoluteString)."))
                        return
                    }
                    continuation.resume(returning: HTTPResponseData(status: http.statusCode, headers: Self.headers(of: http), body: data ?? Data()))
                }
                let task: URLSessionTask
                if let body = request.body, let reporting {
                    let upload = session.uploadTask(with: urlRequest, from: body) { data, response, error in
                        completion(data, response, error)
                    }
                    delegate.watch(upload.taskIdentifier, reporting)
                    task = upload
                } else {
                    urlRequest.httpBody = request.body
                    task = session.dataTask(with: urlRequest) { data, response, error in completion(data, response, error) }
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
    }

    static func urlRequest(_ request: HTTPRequestData) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return headers
    }

    /// The error a transport failure is: ``ConnectionNotMade`` when no connection could be opened
    /// (nothing of the request left the device), else ``ClientError/offline(_:)``.
    static func failure(_ error: any Error, url: URL) -> any Error {
        let message = describe(error, url: url)
        if let code = (error as? URLError)?.code, ConnectionNotMade.codes.contains(code) { return ConnectionNotMade(message) }
        return ClientError.offline(message)
    }

    static func describe(_ error: any Error, url: URL) -> String {
        let server = "\(url.scheme ?? "http")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "The server at \(server) \(ClientError.timeoutPhrase)."
            case .notConnectedToInternet: return "This device is offline."
            default: return "Cannot reach the server at \(server) (\(urlError.localizedDescription))."
            }
        }
        return "Cannot reach the server at \(server) (\(error.localizedDescription))."
    }
}

/// The session's one delegate: hands `didSendBodyData` to the progress callback of the upload it
/// belongs to, and a stream's response, data and completion to its ``StreamReceiver``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: `watchers` and `receivers` are only read or written while holding `lock`.
    private let lock = NSLock()
    private var watchers: [Int: @Sendable (Double) -> Void] = [:]
    private var receivers: [Int: StreamReceiver] = [:]

    func watch(_ task: Int, _ report: @escaping @Sendable (Double) -> Void) {
        lock.withLock { watchers[task] = report }
    }

    func receive(_ task: Int, _ receiver: StreamReceiver) {
        lock.withLock { receivers[task] = receiver }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { receivers[dataTask.taskIdentifier] }?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { receivers[dataTask.taskIdentifier] }?.received(data, response: dataTask.response)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard totalBytesExpectedToSend > 0, let report = lock.withLock({ watchers[task.taskIdentifier] }) else { return }
        // The last byte sent is not the answer: 1 is reported when the response arrives.
        report(min(0.99, Double(totalBytesSent) / Double(totalBytesExpectedToSend)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = lock.withLock {
            _ = watchers.removeValue(forKey: task.taskIdentifier)
            return receivers.removeValue(forKey: task.taskIdentifier)
        }
        receiver?.completed(error, response: task.response)
    }
}

/// One stream's state: resumes the caller waiting for the head once, then feeds the body.
final class StreamReceiver: @unchecked Sendable {
    // @unchecked Sendable: `head` is only read or written while holding `lock`; the body's
    // continuation is itself thread-safe.
    private let lock = NSLock()
    private var head: CheckedContinuation<HTTPResponseData, any Error>?
    private let body: AsyncThrowingStream<Data, any Error>.Continuation
    private let url: URL
    private let running: RunningTask

    init(url: URL, head: CheckedContinuation<HTTPResponseData, any Error>, body: AsyncThrowingStream<Data, any Error>.Continuation, running: RunningTask) {
        self.url = url
        self.head = head
        self.body = body
        self.running = running
    }

    /// The head's waiter, the first time only.
    private func takeHead() -> CheckedContinuation<HTTPResponseData, any Error>? {
        lock.withLock {
            defer { head = nil }
            return head
        }
    }

    /// Resumes the head's waiter with `response` (once; later calls do nothing).
    func received(_ response: URLResponse?) {
        guard let waiter = takeHead() else { return }
        if let http = response as? HTTPURLResponse {
            waiter.resume(returning: HTTPResponseData(status: http.statusCode, headers: URLSessionTransport.headers(of: http)))
        } else {
            waiter.resume(throwing: ClientError.offline("No HTTP response from \(url.host ?? url.absoluteString)."))
        }
    }

    func received(_ data: Data, response: URLResponse?) {
        received(response)  // a platform that delivered data first still gives the head before it
        body.yield(data)
    }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        // Before the body ends: its end cancels the task (onTermination), and cancelling a task
        // URLSession has completed crashed FoundationNetworking (TaskRegistry.swift:118).
        running.finished()
        let failure = error.map { error -> any Error in
            if (error as? URLError)?.code == .cancelled { return CancellationError() }
            return URLSessionTransport.failure(error, url: url)
        }
        if let failure, let waiter = takeHead() {
            waiter.resume(throwing: failure)
        } else {
            received(response)
        }
        body.finish(throwing: failure)
    }
}

/// The URLSession task of a request, for cancelling it from the calling task's cancellation. A
/// task known to have completed is not cancelled: on Linux a cancel that reached FoundationNetworking
/// as the session let the task go crashed it ("Trying to access a behaviour for a task that in not in
/// the registry").
final class RunningTask: @unchecked Sendable {
    // @unchecked Sendable: the fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false
    private var done = false

    /// The task completed (its completion handler or delegate said so): nothing to cancel any more.
    func finished() {
        lock.withLock {
            done = true
            task = nil
        }
    }

    func start(_ task: URLSessionTask) {
        let cancelledAlready = lock.withLock {
            if !done { self.task = task }
            return cancelled
        }
        task.resume()
        if cancelledAlready { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return done ? nil : self.task
        }
        task?.cancel()
    }

    /// What a stream's reader leaving does. A reader often leaves on the last event, just before
    /// URLSession reports the task complete; FoundationNetworking lets a cancel through until that
    /// report and then fails it on a task it no longer holds, so on Linux the cancel waits half a
    /// second and is skipped once the task completed. That narrows the crash's window to a cancel
    /// racing a completion half a second late; it does not close it, which is why the CLIs and the
    /// tests send with AsyncHTTPClient on Linux. Elsewhere the task is cancelled at once.
    func cancelUnlessCompleting() {
        #if canImport(FoundationNetworking)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { self.cancel() }
        #else
            cancel()
        #endif
    }
}
