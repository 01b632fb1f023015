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
