import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// No price history (the detail page's `price_history` is null).
public struct NoRoutePriceHistory: RoutePriceSummarizing {
    public init() {}
    public func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary? {
        nil
    }
}
