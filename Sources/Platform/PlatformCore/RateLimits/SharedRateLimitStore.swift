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
