import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
