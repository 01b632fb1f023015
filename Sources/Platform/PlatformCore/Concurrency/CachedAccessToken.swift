import Foundation

/// A bearer token got from an exchange (an OAuth2 client-credentials grant, a signed JWT grant) and
/// kept until `refreshMargin` before it expires. Callers arriving while an exchange runs share it,
/// and ``discard(_:)`` forgets a token the API refused, so the next caller exchanges anew. Google's
/// service-account tokens and Amadeus's client-credentials tokens both use it.
public actor CachedAccessToken {
    /// One exchange at `now`: the token and when it expires.
    public typealias Exchange = @Sendable (_ now: Date) async throws -> (token: String, expires: Date)

    let refreshMargin: TimeInterval
    let clock: any TimeSource
    let exchange: Exchange
    var cached: (token: String, expires: Date)?
    var inFlight: Task<(token: String, expires: Date), any Error>?

    public init(refreshMargin: TimeInterval, clock: any TimeSource, exchange: @escaping Exchange) {
        self.refreshMargin = refreshMargin
        self.clock = clock
        self.exchange = exchange
    }

    /// A valid token: the cached one while more than `refreshMargin` remains, else a new one.
    public func token() async throws -> String {
        let now = clock.now()
        if let cached, cached.expires.timeIntervalSince(now) > refreshMargin { return cached.token }
        if let inFlight { return try await inFlight.value.token }
        let exchange = self.exchange
        let task = Task { try await exchange(now) }
        inFlight = task
        defer { inFlight = nil }
        let fresh = try await task.value
        cached = fresh
        return fresh.token
    }

    /// Forgets `token` (the API answered 401 to it) when it is still the cached one; a token
    /// exchanged meanwhile by another caller stays.
    public func discard(_ token: String) {
        if cached?.token == token { cached = nil }
    }
}
