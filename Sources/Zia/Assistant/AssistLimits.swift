import Foundation
import Hummingbird
import PlatformCore

/// The assistant's two per-minute limits, checked before the stream opens: one per client address
/// (the socket peer, or `X-Forwarded-For` behind a trusted proxy) and one per user; over either →
/// 429 with `Retry-After`. Each has its own scope, so their shared buckets never collide.
public struct AssistLimits: Sendable {
    let perAddress: RateLimiter
    let perUser: RateLimiter

    /// The limits from `limiters` (the platform's: shared across instances on PostgreSQL).
    public init(settings: AssistSettings, limiters: RateLimiters) {
        perAddress = limiters.limiter(scope: "zia.assist.address", capacity: settings.requestsPerMinutePerAddress, per: 60)
        perUser = limiters.limiter(scope: "zia.assist.user", capacity: settings.requestsPerMinutePerUser, per: 60)
    }

    /// Takes a request from both limits, or throws the 429.
    public func admit(_ request: Request, user: UserID, peer: String?) async throws {
        let client = perAddress.clients.client(peer: peer, forwardedFor: request.headers[values: .init("X-Forwarded-For")!])
        if let retryAfter = await perAddress.acquire(client) { throw APIError.rateLimited(retryAfter: retryAfter) }
        if let retryAfter = await perUser.acquire("\(user)") { throw APIError.rateLimited(retryAfter: retryAfter) }
    }
}
