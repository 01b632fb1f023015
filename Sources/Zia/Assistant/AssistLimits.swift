import Foundation
import Hummingbird
import PlatformCore

/// The assistant's two per-minute limits, checked before the stream opens: one per client address
/// (the socket peer, or `X-Forwarded-For` behind a trusted proxy) and one per user; over either →
/// 429 with `Retry-After`.
public struct AssistLimits: Sendable {
    let perAddress: RateLimiter
    let perUser: RateLimiter

    public init(settings: AssistSettings, clock: any TimeSource, clients: ClientAddressResolver) {
        perAddress = RateLimiter(capacity: settings.requestsPerMinutePerAddress, per: 60, clock: clock, clients: clients)
        perUser = RateLimiter(capacity: settings.requestsPerMinutePerUser, per: 60, clock: clock, clients: clients)
    }

    /// Takes a request from both limits, or throws the 429.
    public func admit(_ request: Request, user: UserID, peer: String?) throws {
        let client = perAddress.clients.client(peer: peer, forwardedFor: request.headers[values: .init("X-Forwarded-For")!])
        if let retryAfter = perAddress.acquire("zia.assist|\(client)") { throw APIError.rateLimited(retryAfter: retryAfter) }
        if let retryAfter = perUser.acquire("zia.assist|\(user)") { throw APIError.rateLimited(retryAfter: retryAfter) }
    }
}
