import Foundation
import PlatformAPI

/// The parameters of `GET /v2/shopping/flight-offers`, their names as Amadeus spells them (a
/// client that speaks Amadeus sends them unchanged) and their bounds, shared by the server and the SDK.
public enum FlightSearchRules {
    /// The names the route takes.
    public static let parameters: Set<String> = [
        "origin", "destination", "departureDate", "returnDate", "adults", "children", "infants", "travelClass", "currencyCode", "max", "nonStop",
    ]
    /// The furthest departure (and return) searched, in days after the origin's local today.
    public static let maxDaysAhead = 330
    /// Travellers on one search (adults, children and infants together; infants on laps count).
    public static let maxTravellers = 9
    /// `max`: the most offers one search answers.
    public static let maxOffers = 250
    /// The banner text of a search answered from the cache because no live provider could answer
    /// (`meta.notice`, the quota report's `notice`), as the seed writes it.
    public static let liveUnavailableNotice = "Live prices unavailable, showing cached results"
}

/// How much of a provider's month is used, for the client's banner: `ok` below 80 %, `warning`
/// from 80 %, `background_paused` from 90 % (only user searches and watchlists still spend),
/// `exhausted` at 100 %.
public enum FlightQuotaState: String, Codable, Sendable, CaseIterable {
    case ok, warning
    case backgroundPaused = "background_paused"
    case exhausted
}

/// One live provider's monthly quota (`GET /farelens/v1/quota`).
public struct FlightProviderQuota: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case provider, used, limit, remaining, dayUsed = "day_used", dayPace = "day_pace", resetsAt = "resets_at", state }
    /// `amadeus` or `travelpayouts`.
    public var provider: String
    public var used: Int
    public var limit: Int
    public var remaining: Int
    /// Calls spent today (UTC).
    public var dayUsed: Int
    /// The day's pace (limit ÷ days in the month, rounded up): background and watchlist work stops
    /// for the day beyond it; user searches do not.
    public var dayPace: Int
    /// The first instant of next month (UTC), when the counter starts again.
    public var resetsAt: Date
    public var state: FlightQuotaState

    public init(provider: String, used: Int, limit: Int, dayUsed: Int, dayPace: Int, resetsAt: Date, state: FlightQuotaState) {
        self.provider = provider
        self.used = used
        self.limit = limit
        self.remaining = max(0, limit - used)
        self.dayUsed = dayUsed
        self.dayPace = dayPace
        self.resetsAt = resetsAt
        self.state = state
    }
}

/// The answer of `GET /farelens/v1/quota`: each configured live provider's quota, whether live
/// prices can be had now, and the banner text when they cannot. A server with no live provider
/// configured prices offline: `providers` is empty and `live` false, with no banner (offline prices
/// are the server's own, never stale).
public struct FlightQuotaReport: Codable, Sendable, Equatable {
    public var providers: [FlightProviderQuota]
    /// A user search can reach a live provider now (one is configured with quota left).
    public var live: Bool
    /// The seed's banner text when live providers are configured and all are out.
    public var notice: String?

    public init(providers: [FlightProviderQuota], live: Bool, notice: String?) {
        self.providers = providers
        self.live = live
        self.notice = notice
    }
}

extension FareLensRoutes {
    /// `/farelens/v2`, behind the bearer token: the seed's own Amadeus-shaped search path.
    public static let v2 = APIRoot.api(.farelens, "/v2")

    /// Flight search (Amadeus Flight Offers Search's parameters and answer): from the cache, else
    /// a live provider within its quota, else the offline model when no live one is configured,
    /// else the newest cached answer marked stale, else 503.
    public static let flightOffers = Route<NoParameter, NoBody, FlightOffersResponse>(.get, v2, "/shopping/flight-offers")
    /// The live providers' monthly quotas, for the client's banner.
    public static let quota = Route<NoParameter, NoBody, FlightQuotaReport>(.get, root, "/quota")

    /// The search routes, part of ``all``.
    public static let searchRoutes: [RouteShape] = [flightOffers.shape, quota.shape]
}
