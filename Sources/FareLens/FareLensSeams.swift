import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// The seams between FareLens's parts: search (Search/), prices and scoring (Prices/), watchlists and
// preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these, so
// each is built and tested alone and `FareLensApp` wires the real ones together.

/// One price seen for a route and departure date, from a search, a watchlist check or the
/// background refresh: what the price history keeps.
public struct PriceObservation: Sendable, Equatable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var cabin: FlightCabin
    /// The total for one adult, in minor units of `currency`.
    public var priceCents: Int
    public var currency: String
    /// The validating airline's IATA code.
    public var airline: String
    public var source: FlightOfferSource
    public var observedAt: Date

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, cabin: FlightCabin = .economy, priceCents: Int,
        currency: String, airline: String, source: FlightOfferSource, observedAt: Date
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.cabin = cabin
        self.priceCents = priceCents
        self.currency = currency
        self.airline = airline
        self.source = source
        self.observedAt = observedAt
    }
}

/// Who asked for a search, for quota priority (user search > Pro watchlist > Free watchlist >
/// background) and per-user limits.
public enum FlightSearchPurpose: Sendable, Equatable {
    case userSearch(UserID)
    case watchlist(tier: FareLensTier)
    case background
}

/// What happens to the offers of every search that reached a provider (not a cache hit): the
/// prices go into the history, the route's search counter moves, each offer gets its DealScore and
/// tier, and the good ones become deals. Answers the response with `deal_score`/`deal_tier` filled.
public protocol FlightSearchObserving: Sendable {
    func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse
}

/// Runs a flight search through the cache, the quota and the providers (the search part's
/// service), for the parts that search on their own: the deals' background refresh, and the next
/// issue's watchlist checks.
public protocol FlightSearching: Sendable {
    func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse
}

/// What the feed's ranking needs of a user: their active watchlists and preferred airports.
public protocol DealRankingInputs: Sendable {
    func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria]
    func preferredAirports(for user: UserID) async throws -> [PreferredAirport]
}

/// How many watchlists follow a route (DealScore's popularity counts watchers).
public protocol RouteWatcherCounting: Sendable {
    func watcherCount(origin: String, destination: String) async throws -> Int
}

/// A scored fare the deals part keeps (from a search observer or the background refresh).
public struct DealCandidate: Sendable, Equatable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var cabin: FlightCabin
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var provider: FlightOfferSource
    public var score: DealScore
    /// When the fare stops being offered as a deal (the search cache's horizon or the provider's
    /// `lastTicketingDate`, whichever is sooner).
    public var expiresAt: Date
    /// The offer as the provider gave it (Amadeus's shape), for the deal's detail page.
    public var offer: FlightOffer?

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, cabin: FlightCabin = .economy, airline: String,
        priceCents: Int, currency: String, provider: FlightOfferSource, score: DealScore, expiresAt: Date, offer: FlightOffer? = nil
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.cabin = cabin
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.provider = provider
        self.score = score
        self.expiresAt = expiresAt
        self.offer = offer
    }
}

/// Where scored fares go to become deals (the deals part's repository).
public protocol DealRecording: Sendable {
    /// Keeps the listed candidates (tier good or exceptional) as deals, replacing an older deal for
    /// the same route, date, cabin and airline; ignores the rest.
    func record(_ candidates: [DealCandidate]) async throws
}

// Issue 36's seams: the watchlist checks (Checks/) hand their results to the alerts (Alerts/).

/// One watchlist's check (scheduled or asked for): the lowest fare found for it now, the one at the
/// previous check, and the fares that are deals for it.
public struct WatchlistCheckResult: Sendable, Equatable {
    public var watchlistID: UUID
    public var userID: UserID
    /// The watchlist's route as the user wrote it (airports or metro codes).
    public var origin: String
    public var destination: String
    /// The lowest fare found for the watchlist's criteria, in minor units of `currency`; nil when none.
    public var latestPriceCents: Int?
    /// The lowest fare at the previous check; nil on the first.
    public var previousPriceCents: Int?
    public var currency: String
    /// Fares scoring 60 or more that match the watchlist (route, window, ceiling), best first.
    public var matchingDeals: [DealCandidate]
    public var checkedAt: Date
    /// The watchlist's `alerts_enabled`: off, its deals raise no immediate alert (its price change
    /// still syncs silently).
    public var alertsEnabled: Bool

    /// The change since the previous check (negative: cheaper); nil without both prices.
    public var changeCents: Int? { latestPriceCents.flatMap { latest in previousPriceCents.map { latest - $0 } } }

    public init(
        watchlistID: UUID, userID: UserID, origin: String, destination: String, latestPriceCents: Int?, previousPriceCents: Int?, currency: String,
        matchingDeals: [DealCandidate], checkedAt: Date, alertsEnabled: Bool = true
    ) {
        self.watchlistID = watchlistID
        self.userID = userID
        self.origin = origin
        self.destination = destination
        self.latestPriceCents = latestPriceCents
        self.previousPriceCents = previousPriceCents
        self.currency = currency
        self.matchingDeals = matchingDeals
        self.checkedAt = checkedAt
        self.alertsEnabled = alertsEnabled
    }
}

/// Where scheduled checks' results go to become alerts (the alerts part): immediate pushes within
/// the user's caps, quiet hours and mute list, silent pushes with the diff, and the history.
public protocol WatchlistAlerting: Sendable {
    /// Handles one user's results of one scheduled run (all their checked watchlists at once, so the
    /// daily cap is taken in smart-queue order across them).
    func deliver(_ results: [WatchlistCheckResult], for user: UserID) async throws
}
