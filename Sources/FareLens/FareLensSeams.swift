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
