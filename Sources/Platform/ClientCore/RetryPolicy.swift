import Foundation

/// When and how long to wait before trying an idempotent request again.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles each time.
    public var baseDelay: TimeInterval
    /// No single wait is longer; a `Retry-After` beyond this is not waited for.
    public var maxDelay: TimeInterval
    /// How to wait (tests record the delays instead of sleeping).
    public var sleep: @Sendable (TimeInterval) async throws -> Void
    /// The most seconds one call may take, every attempt and wait included (nil: no bound but the
    /// transport's per-attempt timeout times ``maxAttempts``). Past it the call is cancelled and
    /// fails as a timeout (``ClientError/isTimeout``). Measured on the wall clock, not ``sleep``.
    public var deadline: TimeInterval?

    public init(
        maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) },
        deadline: TimeInterval? = nil
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
        self.deadline = deadline
    }

    /// Three attempts, 0.5 s then 1 s apart.
    public static let standard = RetryPolicy()
    /// One attempt only.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1` after `error`, or nil when it should not be retried.
    public func delay(afterAttempt attempt: Int, error: ClientError) -> TimeInterval? {
        guard attempt < maxAttempts, error.isTransient else { return nil }
        if case .rateLimited(let retryAfter?) = error {
            return retryAfter <= maxDelay ? retryAfter : nil
        }
        return min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
    }
}
