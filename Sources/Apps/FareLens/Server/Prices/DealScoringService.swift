import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// Scores fares with ``DealScorer`` from what the server knows of their routes: the observed price
/// history, the searches and watchers, the offline model's fare when history is thin. Why a service:
/// the inputs come from three stores, and a search's offers share their route, so each route's
/// inputs are loaded once per batch.
///
/// Per fare: `baseline` is the median of the route's fares (same cabin, currency, one-way or round
/// trip) observed in the last ``recentDays`` days when there are at least ``minRecentObservations``
/// of them, else the offline model's typical fare for the date (a round trip: both legs' typical
/// fares added); `history` is the route's latest ``historyLimit`` fares; `searches` and `watchers`
/// from ``RouteSearchCounter`` and ``RouteWatcherCounting``; days to departure from the clock's UTC
/// day; the fare's airline.
public struct DealScoringService: Sendable {
    /// Fares a route needs in the last ``recentDays`` days before its own median is the baseline.
    public static let minRecentObservations = 10
    public static let recentDays = 90
    /// The latest fares of a route the percentile and confidence look at.
    public static let historyLimit = 500

    let history: PriceHistoryRepository
    let searches: RouteSearchCounter
    let watchers: any RouteWatcherCounting
    let model: OfflineFareProvider
    let clock: any TimeSource

    public init(
        history: PriceHistoryRepository, searches: RouteSearchCounter, watchers: any RouteWatcherCounting,
        model: OfflineFareProvider = OfflineFareProvider(airports: AirportCatalog.shipped), clock: any TimeSource
    ) {
        self.history = history
        self.searches = searches
        self.watchers = watchers
        self.model = model
        self.clock = clock
    }

    /// The DealScore of each fare, in order. `observedAt` and `source` are not looked at.
    public func score(_ fares: [PriceObservation]) async throws -> [DealScore] {
        let now = clock.now()
        let today = LocalDate(now, in: LocalDate.utcCalendar.timeZone)
        var inputs: [RouteKey: RouteInputs] = [:]
        var scores: [DealScore] = []
        scores.reserveCapacity(fares.count)
        for fare in fares {
            let key = RouteKey(fare)
            let route: RouteInputs
            if let loaded = inputs[key] {
                route = loaded
            } else {
                route = try await load(key, now: now)
                inputs[key] = route
            }
            let baseline = route.recentMedian.map(Double.init) ?? modelFare(fare, today: today)
            scores.append(
                DealScorer.score(
                    DealScoreInput(
                        price: Double(fare.priceCents), baseline: baseline, history: route.prices, searches: route.searches, watchers: route.watchers,
                        daysToDeparture: today.days(until: fare.departureDate), airline: fare.airline)))
        }
        return scores
    }

    /// What one route contributes to every score on it.
    struct RouteInputs {
        var prices: [Double]
        /// The median of the recent fares when there are enough of them.
        var recentMedian: Int?
        var searches: Int
        var watchers: Int
    }

    /// The fares that share inputs: one route, cabin, currency and kind of trip.
    struct RouteKey: Hashable {
        var origin: String
        var destination: String
        var cabin: FlightCabin
        var currency: String
        var trip: TripKind

        init(_ fare: PriceObservation) {
            origin = fare.origin
            destination = fare.destination
            cabin = fare.cabin
            currency = fare.currency
            trip = fare.returnDate == nil ? .oneWay : .roundTrip
        }
    }

    func load(_ key: RouteKey, now: Date) async throws -> RouteInputs {
        let observed = try await history.recentPrices(
            origin: key.origin, destination: key.destination, currency: key.currency, cabin: key.cabin, trip: key.trip, limit: Self.historyLimit)
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        let recent = observed.filter { $0.observedAt >= since }.map(\.priceCents)
        return RouteInputs(
            prices: observed.map { Double($0.priceCents) },
            recentMedian: recent.count >= Self.minRecentObservations ? Self.median(recent) : nil,
            searches: try await searches.searches(origin: key.origin, destination: key.destination),
            watchers: try await watchers.watcherCount(origin: key.origin, destination: key.destination))
    }

    /// The offline model's fare for `fare`'s route and dates; 0 (no baseline: the scorer falls back
    /// to the history's median) when the model knows neither the airports nor the currency.
    func modelFare(_ fare: PriceObservation, today: LocalDate) -> Double {
        func leg(_ from: String, _ to: String, _ date: LocalDate) -> Int? {
            try? model.typicalFare(origin: from, destination: to, date: date, cabin: fare.cabin, currency: fare.currency, today: today)
        }
        guard let out = leg(fare.origin, fare.destination, fare.departureDate) else { return 0 }
        guard let returnDate = fare.returnDate else { return Double(out) }
        return leg(fare.destination, fare.origin, returnDate).map { Double(out + $0) } ?? 0
    }

    /// The median of `values` (not empty), the mean of the two middle ones half a unit rounded up:
    /// the price history's rule.
    static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? PriceHistoryRepository.middleMean(sum: sorted[middle - 1] + sorted[middle], count: 2) : sorted[middle]
    }
}
