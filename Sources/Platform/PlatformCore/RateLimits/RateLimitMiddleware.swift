import Foundation
import Hummingbird
import Synchronization

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
        if let retryAfter = await limiter.acquire("\(scope)|\(client)") {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        return try await next(request, context)
    }
}
