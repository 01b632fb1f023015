import Foundation

/// Where the token buckets that several server instances share are kept (PostgreSQL), so a client
/// whose requests a load balancer spreads over N instances gets one limit, not N. A ``RateLimiter``
/// given a store leases tokens from it in small batches rather than asking it per request.
public protocol SharedRateLimitStore: Sendable {
    /// Takes up to `tokens` tokens of bucket `key` (capacity `capacity`, refilled continuously at
    /// `capacity / interval`, full when first seen) as of `now`, the app clock's time. Grants fewer
    /// when fewer whole tokens are left, and none when the bucket is empty.
    func lease(_ key: String, tokens: Int, capacity: Int, per interval: TimeInterval, at now: Date) async throws -> RateLimitLease
}

/// What a ``SharedRateLimitStore`` lease gave: the tokens granted and what the shared bucket holds
/// after it (which sizes the next lease and, when nothing was granted, the wait).
public struct RateLimitLease: Sendable, Equatable {
    public let granted: Int
    /// The shared bucket's tokens after the grant (fractional while it refills).
    public let remaining: Double

    public init(granted: Int, remaining: Double) {
        self.granted = granted
        self.remaining = remaining
    }
}
