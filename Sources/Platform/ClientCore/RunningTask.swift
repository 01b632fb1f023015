import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
