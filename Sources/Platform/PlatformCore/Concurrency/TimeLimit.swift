import Foundation

/// A bound on how long a caller waits for work, whatever the work does: its result, or
/// ``Exceeded`` once the bound has passed (the work is then cancelled, and work that ignores
/// cancellation cannot hold the caller back). One piece for every "answer within" of the server:
/// the rate limiter's lease, the notifications listener's connect and keep-alive, an app's sources.
public enum TimeLimit {
    /// The work did not finish within `limit`.
    public struct Exceeded: Error, CustomStringConvertible {
        public let limit: Duration
        public var description: String { "no answer within \(limit)" }
    }

    /// `body`'s result, or ``Exceeded`` after `limit`; a result arriving later is handed to
    /// `abandoned` (to close a connection nobody will use, say). A cancelled caller stops waiting at once.
    public static func run<T: Sendable>(
        within limit: Duration, abandoned: @escaping @Sendable (T) -> Void = { _ in }, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let slot = LockedValue<CheckedContinuation<T, any Error>?>(nil)
        let finish: @Sendable (Result<T, any Error>) -> Bool = { result in
            guard
                let continuation = slot.withLock({ slot -> CheckedContinuation<T, any Error>? in
                    defer { slot = nil }
                    return slot
                })
            else { return false }
            continuation.resume(with: result)
            return true
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                slot.value = continuation
                let work = Task {
                    do {
                        let value = try await body()
                        if !finish(.success(value)) { abandoned(value) }
                    } catch {
                        _ = finish(.failure(error))
                    }
                }
                Task {
                    try? await Task.sleep(for: limit)
                    if finish(.failure(Exceeded(limit: limit))) { work.cancel() }
                }
            }
        } onCancel: {
            _ = finish(.failure(CancellationError()))
        }
    }

    /// `body`'s value, or nil when it has not finished within `limit` (or the caller was cancelled).
    public static func value<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
        try? await run(within: limit, body)
    }
}
