import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// The assistant's two per-minute limits, checked before the stream opens: one per client address
/// (the socket peer, or `X-Forwarded-For` behind a trusted proxy) and one per user; over either →
/// 429 with `Retry-After`. Each has its own scope, so their shared buckets never collide.
public struct AssistLimits: Sendable {
    let perAddress: RateLimiter
    let perUser: RateLimiter

    /// The limits from `limiters` (the platform's: shared across instances on PostgreSQL).
    public init(settings: AssistSettings, limiters: RateLimiters) {
        perAddress = limiters.limiter(.zia, "assist.address", capacity: settings.requestsPerMinutePerAddress, per: 60)
        perUser = limiters.limiter(.zia, "assist.user", capacity: settings.requestsPerMinutePerUser, per: 60)
    }

    /// Takes a request from both limits; nil when both admit it, else the seconds until one would
    /// (the controller's 429 `Retry-After`).
    public func admit(_ request: Request, user: UserID, peer: String?) async -> Int? {
        let client = perAddress.clients.client(peer: peer, forwardedFor: request.headers[values: .init("X-Forwarded-For")!])
        if let retryAfter = await perAddress.acquire(client) { return retryAfter }
        return await perUser.acquire("\(user)")
    }
}
