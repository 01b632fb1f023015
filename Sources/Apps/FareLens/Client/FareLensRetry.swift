import Foundation

extension RetryPolicy {
    /// FareLens's retries (docs/farelens.md, "SDK and CLI"): 3 attempts, waiting 1 s then 2 s, and only for
    /// transient failures (offline, timeout, 5xx,
    /// 429 after its `Retry-After` when that is at most a minute), since a 404 or 422 answers the
    /// same every time. POSTs without an idempotency key are sent again only when no connection was
    /// made (``APIClient``'s rule). A call ends after ``fareLensDeadline`` seconds in all, attempts
    /// and waits included, so a server that accepts and never answers costs a screen 30 s, not
    /// three request timeouts.
    public static func fareLens(
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) },
        deadline: TimeInterval = fareLensDeadline
    )
        -> RetryPolicy
    {
        RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 60, sleep: sleep, deadline: deadline)
    }

    /// The most seconds one FareLens call takes, retries included.
    public static let fareLensDeadline: TimeInterval = 30
}

extension URLSessionTransport {
    /// Seconds one FareLens attempt waits for an answer: what a person waits on a screen, well
    /// under URLSession's 60 s default.
    public static let fareLensTimeout: TimeInterval = 15
}
