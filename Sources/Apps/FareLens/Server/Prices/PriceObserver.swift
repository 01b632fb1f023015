import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// What happens to a provider's answer (FareLens's ``FlightSearchObserving``): every priced offer
/// becomes a ``PriceObservation`` in the history, a user's search counts towards the route's
/// popularity, every offer gets its `deal_score` and `deal_tier`, and the listed ones (good,
/// exceptional) go to the deals part as ``DealCandidate``s. Deterministic given the clock and the
/// stores' contents.
///
/// Choices: offers are scored against the history *before* this answer is recorded (an offer is
/// not compared with itself). The price kept is the total of the first `ADULT` traveller pricing,
/// else the offer's grand total divided by the adults searched. The route is the offer's own
/// airports (first departure, last arrival of its first itinerary), the query's codes when it has
/// no segments. Only `.userSearch` counts as a search: watchlist checks are already counted as
/// watchers and the background refresh is the server's own work. An answer served from the cache
/// (`meta.source` `cache`) is scored but not recorded again. A candidate stays a deal for
/// ``dealLifetime`` after its fare was observed (fares move within hours; the background refresh
/// sees the popular routes again every 6 hours) or until the end of its `lastTicketingDate` (UTC),
/// whichever is sooner.
public struct PriceObserver: FlightSearchObserving {
    /// How long an observed fare stays a deal: 12 hours, twice the background refresh's period, so
    /// the popular routes' deals never lapse between two refreshes.
    public static let dealLifetime: TimeInterval = 12 * 3600

    let history: PriceHistoryRepository
    let searches: RouteSearchCounter
    let scoring: DealScoringService
    let deals: any DealRecording
    let clock: any TimeSource

    public init(history: PriceHistoryRepository, searches: RouteSearchCounter, scoring: DealScoringService, deals: any DealRecording, clock: any TimeSource) {
        self.history = history
        self.searches = searches
        self.scoring = scoring
        self.deals = deals
        self.clock = clock
    }

    public func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
        let now = clock.now()
        let source = response.meta?.source ?? .amadeus
        let fares = response.data.map { Self.fare(of: $0, query: query, source: source, observedAt: now) }
        let scores = try await scoring.score(fares)
        if source != .cache {
            try await history.record(fares.filter(Self.isRecordable))
        }
        if case .userSearch = purpose {
            try await searches.count(origin: query.origin, destination: query.destination)
        }
        var scored = response
        var candidates: [DealCandidate] = []
        for index in scored.data.indices {
            let (fare, score) = (fares[index], scores[index])
            scored.data[index].dealScore = score.score
            scored.data[index].dealTier = score.tier.rawValue
            guard score.tier.isListed, Self.isRecordable(fare) else { continue }
            candidates.append(
                DealCandidate(
                    origin: fare.origin, destination: fare.destination, departureDate: fare.departureDate, returnDate: fare.returnDate, cabin: fare.cabin,
                    airline: fare.airline, priceCents: fare.priceCents, currency: fare.currency, provider: source, score: score,
                    expiresAt: Self.expiry(of: scored.data[index], observedAt: now), offer: scored.data[index]))
        }
        if !candidates.isEmpty {
            try await deals.record(candidates)
        }
        return scored
    }

    /// The offer as a fare of the history (`priceCents` 0 when it carries no usable price).
    static func fare(of offer: FlightOffer, query: FlightSearchQuery, source: FlightOfferSource, observedAt: Date) -> PriceObservation {
        let segments = offer.itineraries.first?.segments ?? []
        let currency = offer.price.currency.uppercased()
        return PriceObservation(
            origin: segments.first?.departure.iataCode ?? query.origin, destination: segments.last?.arrival.iataCode ?? query.destination,
            departureDate: query.departureDate, returnDate: query.returnDate, cabin: query.travelClass,
            priceCents: perAdultCents(offer, adults: query.adults, currency: currency) ?? 0, currency: currency,
            airline: offer.validatingAirlineCodes?.first ?? segments.first?.carrierCode ?? "", source: source, observedAt: observedAt)
    }

    /// Whether a fare can be kept: a positive price, IATA-shaped airports and a three-letter
    /// currency (a provider's malformed offer is scored, never recorded, and fails nothing).
    static func isRecordable(_ fare: PriceObservation) -> Bool {
        fare.priceCents > 0 && RoutePair.isCode(fare.origin) && RoutePair.isCode(fare.destination) && fare.currency.utf8.count == 3
    }

    /// The first adult's total, else the grand total shared by the adults, in minor units; nil when
    /// neither is a positive decimal.
    static func perAdultCents(_ offer: FlightOffer, adults: Int, currency: String) -> Int? {
        if let adult = offer.travelerPricings?.first(where: { $0.travelerType == "ADULT" }),
            let total = FlightMoney.decimal(adult.price.total), let cents = CurrencyUnits.minorUnits(total, currency: currency), cents > 0
        {
            return cents
        }
        guard let total = offer.price.grandTotalAmount else { return nil }
        let cents = CurrencyUnits.minorUnits(total / Decimal(max(adults, 1)), currency: currency)
        return cents.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The deal's lifetime, or the end (UTC) of the offer's last ticketing day when sooner.
    static func expiry(of offer: FlightOffer, observedAt: Date) -> Date {
        let horizon = observedAt.addingTimeInterval(dealLifetime)
        guard let text = offer.lastTicketingDate, let day = LocalDate(parsing: text) else { return horizon }
        return min(horizon, day.adding(days: 1).instant(hour: 0, in: LocalDate.utcCalendar.timeZone))
    }
}
