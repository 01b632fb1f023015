import Foundation
import PlatformAPI

/// The answer of `GET /farelens/v1/quota`: each configured live provider's quota, whether live
/// prices can be had now, and the banner text when they cannot. A server with no live provider
/// configured prices offline: `providers` is empty and `live` false, with no banner (offline prices
/// are the server's own, never stale).
public struct FlightQuotaReport: Codable, Sendable, Equatable {
    public var providers: [FlightProviderQuota]
    /// A user search can reach a live provider now (one is configured with quota left).
    public var live: Bool
    /// The banner text (docs/farelens.md, "Flight search and quota") when live providers are configured and all are out.
    public var notice: String?

    public init(providers: [FlightProviderQuota], live: Bool, notice: String?) {
        self.providers = providers
        self.live = live
        self.notice = notice
    }
}
