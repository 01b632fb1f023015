import Foundation

extension RetryPolicy {
    /// FareLens's retries as the seed's `fetchWithRetry`: 3 attempts, waiting 1 s then 2 s. Narrowed
    /// on purpose: the seed retries every error, this only transient ones (offline, timeout, 5xx,
    /// 429 after its `Retry-After` when that is at most a minute), since a 404 or 422 answers the
    /// same every time. POSTs without an idempotency key are sent again only when no connection was
    /// made (``APIClient``'s rule).
    public static func fareLens(
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }
    )
        -> RetryPolicy
    {
        RetryPolicy(maxAttempts: 3, baseDelay: 1, maxDelay: 60, sleep: sleep)
    }
}
