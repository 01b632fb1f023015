import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// Checks watchlists against fresh fares, grouped so that ONE search serves every watchlist of a
/// route, date and currency, whoever watches it: the scheduled runs check thousands of watchlists
/// with one provider call per route and date. A search is the search part's (cache, quota,
/// providers; its observer scores the offers and keeps the history and deals) with purpose
/// `.watchlist(tier:)` at the highest tier among the group's watchers (Pro before Free).
///
/// A watchlist is searched on ``dates(for:today:)`` from its route's busiest airports (a metro code
/// searches its busiest airport, as search does); its latest price is the lowest fare matching its
/// criteria (route, window, ceiling: ``WatchlistCriteria/matches(_:metros:)``), its matching deals
/// those fares scoring 60 or more, best first. The result is kept as the watchlist's last check,
/// whose latest price is the next check's previous price. A watchlist whose searches all failed gets
/// no result (its last check stays as it was).
struct WatchlistChecker: Sendable {
    /// Days ahead searched for a watchlist without a departure window.
    static let defaultLeadDays = [14, 28, 42]
    /// The latest departure searched, days ahead (the search's own horizon).
    static let horizonDays = 330

    let search: any FlightSearching
    let store: WatchlistCheckStore
    let catalog: AirportCatalog
    let clock: any TimeSource

    /// One provider search: a route between airports, a date, a currency.
    struct SearchKey: Hashable {
        var origin: String
        var destination: String
        var date: LocalDate
        var currency: String
    }

    /// What a batch of checks did.
    struct Outcome: Sendable {
        var results: [WatchlistCheckResult] = []
        var searches = 0
        var failures = 0
    }

    /// Up to three departure dates inside the watchlist's window (its first day, middle and last,
    /// from today on and at most ``horizonDays`` ahead; a window with only a start spans 28 days
    /// from it, one with only an end starts 14 days out); without a window 14, 28 and 42 days out.
    /// None when the window is over.
    static func dates(for watchlist: Watchlist, today: LocalDate) -> [LocalDate] {
        let first = max(watchlist.departureFrom ?? today.adding(days: defaultLeadDays[0]), today)
        let last = min(
            watchlist.departureTo ?? first.adding(days: defaultLeadDays[2] - defaultLeadDays[0]), today.adding(days: horizonDays))
        guard first <= last else { return [] }
        var dates = [first, first.adding(days: first.days(until: last) / 2), last]
        dates = dates.enumerated().filter { index, date in !dates[..<index].contains(date) }.map(\.element)
        return dates
    }

    /// Checks `lists` (one search per distinct route, date and currency among them), keeps the
    /// results as their last checks and answers them.
    func check(_ lists: [WatchedList]) async throws -> Outcome {
        let now = clock.now()
        let today = LocalDate(now, in: LocalDate.utcCalendar.timeZone)
        var keysOf: [WatchlistID: [SearchKey]] = [:]
        var tierOf: [SearchKey: FareLensTier] = [:]
        var order: [SearchKey] = []
        for list in lists {
            guard let origin = catalog.airports(for: list.watchlist.origin).first?.iata,
                let destination = catalog.airports(for: list.watchlist.destination).first?.iata
            else { continue }
            let keys = Self.dates(for: list.watchlist, today: today).map {
                SearchKey(origin: origin, destination: destination, date: $0, currency: list.watchlist.currency)
            }
            keysOf[list.watchlist.id] = keys
            for key in keys {
                if let tier = tierOf[key] {
                    if list.tier == .pro && tier != .pro { tierOf[key] = .pro }
                } else {
                    tierOf[key] = list.tier
                    order.append(key)
                }
            }
        }
        var outcome = Outcome()
        var answers: [SearchKey: [(fare: SearchedFare, offer: FlightOffer, source: FlightOfferSource)]] = [:]
        for key in order {
            if Task.isCancelled { throw CancellationError() }
            let query = FlightSearchQuery(origin: key.origin, destination: key.destination, departureDate: key.date, currencyCode: key.currency)
            outcome.searches += 1
            do {
                let response = try await search.search(query, purpose: .watchlist(tier: tierOf[key] ?? .free))
                let source = response.meta?.source ?? .offline
                answers[key] = response.data.map { offer in
                    (SearchedFare(fare: PriceObserver.fare(of: offer, query: query, source: source, observedAt: now), dealScore: offer.dealScore ?? 0), offer, source)
                }
            } catch {
                outcome.failures += 1
            }
        }
        let previous = try await store.lastChecks(lists.map(\.watchlist.id))
        for list in lists {
            let answered = (keysOf[list.watchlist.id] ?? []).compactMap { answers[$0] }
            guard !answered.isEmpty else { continue }
            let matching = answered.joined().filter {
                PriceObserver.isRecordable($0.fare.fare) && list.watchlist.accepts($0.fare, currency: $0.fare.fare.currency)
            }
            let deals = matching.filter { $0.fare.dealScore >= DealTier.goodThreshold }
                .sorted { ($0.fare.dealScore, -$0.fare.priceCents) > ($1.fare.dealScore, -$1.fare.priceCents) }
                .map { fare, offer, source in
                    DealCandidate(
                        origin: fare.origin, destination: fare.destination, departureDate: fare.departureDate, returnDate: fare.fare.returnDate,
                        cabin: fare.fare.cabin, airline: fare.fare.airline, priceCents: fare.priceCents, currency: fare.fare.currency, provider: source,
                        score: DealScore(score: fare.dealScore, tier: DealTier(score: fare.dealScore), percentile: nil, confidence: 0, explanation: []),
                        expiresAt: PriceObserver.expiry(of: offer, observedAt: now), offer: offer)
                }
            outcome.results.append(
                WatchlistCheckResult(
                    watchlistID: list.watchlist.id.uuid, userID: list.user, origin: list.watchlist.origin, destination: list.watchlist.destination,
                    latestPriceCents: matching.map(\.fare.priceCents).min(), previousPriceCents: previous[list.watchlist.id]?.latestPriceCents,
                    currency: list.watchlist.currency, matchingDeals: deals, checkedAt: now, alertsEnabled: list.watchlist.alertsEnabled))
        }
        try await store.save(outcome.results)
        return outcome
    }
}

extension WatchlistCheck {
    /// A fresh check's answer.
    init(_ result: WatchlistCheckResult) {
        self.init(
            id: WatchlistID(result.watchlistID).description, found: true, latestPriceCents: result.latestPriceCents,
            previousPriceCents: result.previousPriceCents, changeCents: result.changeCents, currency: result.currency, checkedAt: result.checkedAt,
            matchingDeals: result.matchingDeals.map(WatchlistCheckDeal.init))
    }
}
