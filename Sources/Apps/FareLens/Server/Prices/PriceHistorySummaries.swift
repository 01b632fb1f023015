import FareLensAPI
import Foundation
import PlatformCore

/// A deal's price summary (min, median, max over a window) from the observed fares: the price
/// history as the deals part reads it.
public struct PriceHistorySummaries: RoutePriceSummarizing {
    /// The most fares read for one summary (the newest).
    public static let sampleLimit = 2000
    let history: PriceHistoryRepository

    public init(history: PriceHistoryRepository) { self.history = history }

    public func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary? {
        let fares = try await history.recentPrices(
            origin: origin, destination: destination, currency: currency, cabin: cabin, trip: roundTrip ? .roundTrip : .oneWay, limit: Self.sampleLimit
        ).filter { $0.observedAt >= since }.map(\.priceCents).sorted()
        guard let low = fares.first, let high = fares.last else { return nil }
        let days = Int((history.clock.now().timeIntervalSince(since) / 86_400).rounded())
        return RoutePriceSummary(days: days, count: fares.count, minCents: low, medianCents: DealScoringService.median(fares), maxCents: high, currency: currency)
    }
}
