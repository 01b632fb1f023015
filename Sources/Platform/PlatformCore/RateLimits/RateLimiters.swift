import Foundation
import Hummingbird
import PlatformAPI
import Synchronization

/// Builds the limiters an app needs, all drawing on the server's one shared store when it has one
/// (PostgreSQL) and in-process otherwise, so apps never assemble the shared plumbing themselves.
public struct RateLimiters: Sendable {
    public let clock: any TimeSource
    public let clients: ClientAddressResolver
    public let store: (any SharedRateLimitStore)?

    public init(clock: any TimeSource = SystemTime(), clients: ClientAddressResolver = .direct, store: (any SharedRateLimitStore)? = nil) {
        self.clock = clock
        self.clients = clients
        self.store = store
    }

    /// A limiter of `capacity` requests per `interval` for one of `app`'s limits, named by its purpose
    /// (`"search"`, `"assist.user"`): its keys are prefixed with the scope `<app>.<purpose>`, so limiters
    /// sharing the store never share rows and every scope is spelled one way.
    public func limiter(_ app: AppID, _ purpose: String, capacity: Int, per interval: TimeInterval) -> RateLimiter {
        RateLimiter(capacity: capacity, per: interval, clock: clock, clients: clients, store: store, scope: Self.scope(app, purpose))
    }

    /// A limiter of the platform's own (sign-in per client address, per email), its keys prefixed with
    /// the scope `platform.<purpose>`.
    public func platformLimiter(_ purpose: String, capacity: Int, per interval: TimeInterval) -> RateLimiter {
        RateLimiter(capacity: capacity, per: interval, clock: clock, clients: clients, store: store, scope: Self.platformScope(purpose))
    }

    /// The key prefix of `app`'s limit for `purpose`: `<app>.<purpose>`.
    public static func scope(_ app: AppID, _ purpose: String) -> String { "\(app.rawValue).\(purpose)" }

    /// The key prefix of the platform's own limit for `purpose`: `platform.<purpose>`.
    public static func platformScope(_ purpose: String) -> String { "platform.\(purpose)" }
}
