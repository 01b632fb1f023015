import Foundation
import Hummingbird
import Synchronization

/// An in-process token-bucket rate limiter: `capacity` requests at once, refilled at
/// `refillPerSecond`. One instance suffices for one server; buckets idle long enough to be full are
/// dropped so memory stays bounded.
public final class RateLimiter: Sendable {
    struct Bucket {
        var tokens: Double
        var updated: Date
    }

    public let capacity: Double
    public let refillPerSecond: Double
    /// Who the client is: the socket peer, or `X-Forwarded-For` behind a trusted proxy.
    public let clients: ClientAddressResolver
    private let clock: any TimeSource
    private let buckets = Mutex<[String: Bucket]>([:])

    public init(capacity: Int, per interval: TimeInterval, clock: any TimeSource = SystemTime(), clients: ClientAddressResolver = .direct) {
        self.capacity = Double(capacity)
        self.refillPerSecond = Double(capacity) / interval
        self.clock = clock
        self.clients = clients
    }

    /// Takes one token for `key`. Returns `nil` when allowed, or the seconds to wait before retrying.
    public func acquire(_ key: String) -> Int? {
        let now = clock.now()
        return buckets.withLock { buckets -> Int? in
            if buckets.count > 50_000 { Self.prune(&buckets, now: now, capacity: capacity, rate: refillPerSecond) }
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * refillPerSecond)
            bucket.updated = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))
        }
    }

    private static func prune(_ buckets: inout [String: Bucket], now: Date, capacity: Double, rate: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + now.timeIntervalSince(bucket.updated) * rate < capacity
        }
    }
}

/// Applies a ``RateLimiter`` to the routes behind it, keyed by client address (the socket peer, or
/// `X-Forwarded-For` when the peer is a trusted proxy); over the limit → 429 with `Retry-After`.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext
    let limiter: RateLimiter
    let scope: String

    public init(limiter: RateLimiter, scope: String) {
        self.limiter = limiter
        self.scope = scope
    }

    public func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
        let client = limiter.clients.client(peer: context.remoteAddress?.ipAddress, forwardedFor: forwarded)
        if let retryAfter = limiter.acquire("\(scope)|\(client)") {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return try await next(request, context)
    }
}
