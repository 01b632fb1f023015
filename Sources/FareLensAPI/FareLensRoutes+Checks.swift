import Foundation
import PlatformAPI

/// A fare that is a deal for a checked watchlist (DealScore 60 or more, matching its route, window
/// and ceiling), as the check answers it.
public struct WatchlistCheckDeal: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case origin, destination, departureDate = "departure_date", returnDate = "return_date", airline, priceCents = "price_cents", currency
        case dealScore = "deal_score", dealTier = "deal_tier", provider, expiresAt = "expires_at"
    }
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int
    public var dealTier: DealTier
    public var provider: String
    public var expiresAt: Date

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate?, airline: String, priceCents: Int, currency: String, dealScore: Int,
        dealTier: DealTier, provider: String, expiresAt: Date
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
        self.dealTier = dealTier
        self.provider = provider
        self.expiresAt = expiresAt
    }
}

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

/// The `ids` of `GET /watchlist/check`, checked by the same rule in the server and the SDK.
public enum WatchlistCheckIDs {
    /// The most ids one request checks.
    public static let maxIDs = 20

    /// `ids`: 1 to ``maxIDs`` comma-separated watchlist ids (UUIDs), each at most once; answered in
    /// the order given. Missing, empty, malformed, repeated or too many: a failure naming `ids`.
    public static func check(_ raw: String?) -> Checked<[WatchlistID]> {
        var v = Validator()
        var ids: [WatchlistID] = []
        if let raw, !raw.isEmpty {
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count > maxIDs {
                v.fail("ids", "must list at most \(maxIDs) watchlist ids")
            } else if let bad = parts.first(where: { UUID(uuidString: String($0)) == nil }) {
                v.fail("ids", "must be watchlist ids separated by commas (not \(String(bad.prefix(40)).debugDescription))")
            } else {
                ids = parts.compactMap { UUID(uuidString: String($0)).map(WatchlistID.init) }
                if Set(ids).count != ids.count { v.fail("ids", "must not repeat an id") }
            }
        } else {
            v.fail("ids", "is required: watchlist ids separated by commas")
        }
        return .from(v) { ids }
    }
}

extension FareLensRoutes {
    /// The seed's watchlist check, `?ids=a,b`: per id the latest lowest fare, the one at the previous
    /// check, the change and the matching deals; a watchlist checked within the last 30 minutes is
    /// answered from that check.
    public static let watchlistCheck = Route<NoParameter, NoBody, FareLensList<WatchlistCheck>>(.get, root, "/watchlist/check")

    /// The check routes, part of ``all``.
    public static let checkRoutes: [RouteShape] = [watchlistCheck.shape]
}
