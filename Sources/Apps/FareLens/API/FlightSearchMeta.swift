import Foundation
import PlatformAPI

/// A search's `meta`: Amadeus's `count` and `links`, plus where the offers came from, when they were
/// cached, whether they are stale (every provider out: the banner's case) and the quota left.
public struct FlightSearchMeta: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case count, links, source, cachedAt = "cached_at", stale, quota, notice }
    public var count: Int?
    public var links: [String: String]?
    public var source: FlightOfferSource?
    public var cachedAt: Date?
    public var stale: Bool?
    public var quota: FlightSearchQuota?
    /// The banner text when the answer is stale ("Live prices unavailable, showing cached results").
    public var notice: String?

    public init(
        count: Int? = nil, links: [String: String]? = nil, source: FlightOfferSource? = nil, cachedAt: Date? = nil, stale: Bool? = nil,
        quota: FlightSearchQuota? = nil, notice: String? = nil
    ) {
        self.notice = notice
        self.count = count
        self.links = links
        self.source = source
        self.cachedAt = cachedAt
        self.stale = stale
        self.quota = quota
    }
}
