import Foundation

/// `RequestCoalescer` (docs/farelens.md, "SDK and CLI"): identical GETs in flight at once (a feed refreshed by launch and
/// pull-to-refresh together, two screens asking for one airport list) share one request and its
/// answer, so the server's quota and the radio pay once. Keyed by method, path and query; only GETs
/// (a POST is never shared: each is an action). Nothing is kept after the request ends, success or
/// failure: every waiter gets the same failure, and the next call asks again.
public actor RequestCoalescer {
    /// One shared request and the callers waiting for it.
    private struct Shared {
        let id: UUID
        let task: Task<Void, Never>
        var waiters: [UUID: CheckedContinuation<Result<HTTPResponseData, any Error>, Never>] = [:]
    }

    private var inFlight: [String: Shared] = [:]
    /// How many calls joined a request already in flight (for tests and diagnostics).
    public private(set) var joined = 0

    public init() {}

    /// Sends `request` through `send`, or waits for the identical GET already on its way. A caller
    /// whose task is cancelled stops waiting at once (CancellationError); the shared request is
    /// cancelled only when every caller waiting for it has gone.
    public func send(_ request: HTTPRequestData, through send: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) async throws -> HTTPResponseData {
        guard request.method == "GET" else { return try await send(request) }
        try Task.checkCancellation()
        let key = Self.key(request)
        if inFlight[key] != nil {
            joined += 1
        } else {
            let id = UUID()
            let task = Task {
                let result: Result<HTTPResponseData, any Error>
                do { result = .success(try await send(request)) } catch { result = .failure(error) }
                self.finish(key, id, result)
            }
            inFlight[key] = Shared(id: id, task: task)
        }
        let waiter = UUID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponseData, any Error>, Never>) in
                // Runs on this actor before it suspends: the waiter is registered before any finish.
                if Task.isCancelled {
                    continuation.resume(returning: .failure(CancellationError()))
                    leave(key, waiter, whenOnly: true)
                } else {
                    inFlight[key]?.waiters[waiter] = continuation
                }
            }
        } onCancel: {
            Task { await self.leave(key, waiter, whenOnly: false) }
        }
        return try result.get()
    }

    /// The shared request `id` under `key` ended: every waiter gets `result`.
    private func finish(_ key: String, _ id: UUID, _ result: Result<HTTPResponseData, any Error>) {
        guard let shared = inFlight[key], shared.id == id else { return }
        inFlight[key] = nil
        for continuation in shared.waiters.values { continuation.resume(returning: result) }
    }

    /// A cancelled caller stops waiting; with nobody left, the shared request is cancelled and
    /// forgotten. `whenOnly`: the caller was never registered, so only an empty request goes.
    private func leave(_ key: String, _ waiter: UUID, whenOnly: Bool) {
        guard var shared = inFlight[key] else { return }
        if let continuation = shared.waiters.removeValue(forKey: waiter) {
            continuation.resume(returning: .failure(CancellationError()))
        } else if !whenOnly {
            return
        }
        if shared.waiters.isEmpty {
            shared.task.cancel()
            inFlight[key] = nil
        } else {
            inFlight[key] = shared
        }
    }

    /// Method, path and query: what makes two requests the same.
    static func key(_ request: HTTPRequestData) -> String {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        return "\(request.method) \(components?.path ?? request.url.path)?\(components?.percentEncodedQuery ?? "")"
    }
}
