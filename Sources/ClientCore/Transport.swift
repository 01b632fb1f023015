import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP request as the client builds it, independent of any networking library.
public struct HTTPRequestData: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response as the client reads it. Header names are matched case-insensitively.
public struct HTTPResponseData: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of header `name`, whatever its case on the wire.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}

/// Sends one HTTP request. The seam between an SDK's ``APIClient`` and the network: `URLSessionTransport` in
/// apps and the CLI, an in-memory fake in tests.
///
/// Implementations throw ``ClientError/offline(_:)`` when the server cannot be reached at all and
/// return every HTTP response, whatever its status.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
    /// Sends an upload, calling `uploadProgress` with the share of the body sent (0…1, ending at 1
    /// once the answer arrives). Transports that cannot watch the upload report only 0 and 1.
    func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData
}

extension HTTPTransport {
    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        uploadProgress(0)
        let response = try await send(request)
        uploadProgress(1)
        return response
    }
}

/// The real transport over `URLSession` (FoundationNetworking on Linux). Uploads report their
/// progress from the session delegate's `didSendBodyData`.
public struct URLSessionTransport: HTTPTransport {
    let session: URLSession
    let progress: UploadProgressDelegate

    /// - Parameter timeout: seconds before a request counts as failed (and, for connectivity, offline).
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        progress = UploadProgressDelegate()
        session = URLSession(configuration: configuration, delegate: progress, delegateQueue: nil)
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        try await send(request, reporting: nil)
    }

    public func send(_ request: HTTPRequestData, uploadProgress: @escaping @Sendable (Double) -> Void) async throws -> HTTPResponseData {
        uploadProgress(0)
        let response = try await send(request, reporting: uploadProgress)
        uploadProgress(1)
        return response
    }

    private func send(_ request: HTTPRequestData, reporting: (@Sendable (Double) -> Void)?) async throws -> HTTPResponseData {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let session = self.session
        let delegate = self.progress
        // Cancelling the calling task cancels the request (a search the user typed past stops at once).
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(throwing: ClientError.offline(Self.describe(error, url: request.url)))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: ClientError.offline("No HTTP response from \(request.url.host ?? request.url.absoluteString)."))
                        return
                    }
                    var headers: [String: String] = [:]
                    for (key, value) in http.allHeaderFields {
                        if let key = key as? String, let value = value as? String { headers[key] = value }
                    }
                    continuation.resume(returning: HTTPResponseData(status: http.statusCode, headers: headers, body: data ?? Data()))
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

    static func describe(_ error: any Error, url: URL) -> String {
        let server = "\(url.scheme ?? "http")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return "The server at \(server) did not answer in time."
            case .notConnectedToInternet: return "This device is offline."
            default: return "Cannot reach the server at \(server) (\(urlError.localizedDescription))."
            }
        }
        return "Cannot reach the server at \(server) (\(error.localizedDescription))."
    }
}

/// Hands `didSendBodyData` to the progress callback of the upload it belongs to.
final class UploadProgressDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked Sendable: `watchers` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var watchers: [Int: @Sendable (Double) -> Void] = [:]

    func watch(_ task: Int, _ report: @escaping @Sendable (Double) -> Void) {
        lock.withLock { watchers[task] = report }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard totalBytesExpectedToSend > 0, let report = lock.withLock({ watchers[task.taskIdentifier] }) else { return }
        // The last byte sent is not the answer: 1 is reported when the response arrives.
        report(min(0.99, Double(totalBytesSent) / Double(totalBytesExpectedToSend)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock { _ = watchers.removeValue(forKey: task.taskIdentifier) }
    }
}

/// The URLSession task of a request, for cancelling it from the calling task's cancellation.
final class RunningTask: @unchecked Sendable {
    // @unchecked Sendable: both fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    func start(_ task: URLSessionTask) {
        let cancelledAlready = lock.withLock {
            self.task = task
            return cancelled
        }
        task.resume()
        if cancelledAlready { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
