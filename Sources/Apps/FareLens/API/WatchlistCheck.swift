import Foundation
import PlatformAPI

/// One asked-for id of `GET /watchlist/check`: the caller's watchlist with its latest check
/// (`found: true`), or `{id, found: false}` for an id that is unknown or someone else's (the two are
/// never told apart). Prices are minor units of `currency`; `latest_price_cents` is null when no fare
/// matched, `previous_price_cents` on a first check, `change_cents` without both (negative: cheaper).
public struct WatchlistCheck: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case id, found, latestPriceCents = "latest_price_cents", previousPriceCents = "previous_price_cents", changeCents = "change_cents", currency
        case checkedAt = "checked_at", matchingDeals = "matching_deals"
    }
    public var id: String
    public var found: Bool
    public var latestPriceCents: Int?
    public var previousPriceCents: Int?
    public var changeCents: Int?
    public var currency: String?
    public var checkedAt: Date?
    public var matchingDeals: [WatchlistCheckDeal]?

    public init(
        id: String, found: Bool, latestPriceCents: Int? = nil, previousPriceCents: Int? = nil, changeCents: Int? = nil, currency: String? = nil,
        checkedAt: Date? = nil, matchingDeals: [WatchlistCheckDeal]? = nil
    ) {
        self.id = id
        self.found = found
        self.latestPriceCents = latestPriceCents
        self.previousPriceCents = previousPriceCents
        self.changeCents = changeCents
        self.currency = currency
        self.checkedAt = checkedAt
        self.matchingDeals = matchingDeals
    }

    public static func notFound(_ id: String) -> WatchlistCheck { WatchlistCheck(id: id, found: false) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(found, forKey: .found)
        guard found else { return }
        try container.encode(latestPriceCents, forKey: .latestPriceCents)
        try container.encode(previousPriceCents, forKey: .previousPriceCents)
        try container.encode(changeCents, forKey: .changeCents)
        try container.encode(currency, forKey: .currency)
        try container.encode(checkedAt, forKey: .checkedAt)
        try container.encode(matchingDeals ?? [], forKey: .matchingDeals)
    }
}
