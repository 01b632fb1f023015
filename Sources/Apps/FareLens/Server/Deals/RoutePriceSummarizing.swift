import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The route's observed prices over a window, for a deal's detail page (the prices part's
/// repository, adapted when FareLens is wired; tests give a fake).
public protocol RoutePriceSummarizing: Sendable {
    /// Min, median and max of the fares observed on the route in `cabin` and `currency`, one-way or
    /// round trips, since `since`; nil when none.
    func summary(origin: String, destination: String, cabin: FlightCabin, currency: String, roundTrip: Bool, since: Date) async throws -> RoutePriceSummary?
}
