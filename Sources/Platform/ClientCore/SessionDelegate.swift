import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
