import Foundation
import PlatformAPI

/// The caller's alert settings.
public struct AlertPreferences: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case immediateThreshold = "immediate_threshold", mutedRoutes = "muted_routes", mutedAirlines = "muted_airlines" }
    /// Deals scoring at least this go out as immediate alerts (60–100).
    public var immediateThreshold: Int
    public var mutedRoutes: [MutedRoute]
    /// IATA airline codes.
    public var mutedAirlines: [String]

    public init(immediateThreshold: Int = AlertRules.defaultThreshold, mutedRoutes: [MutedRoute] = [], mutedAirlines: [String] = []) {
        self.immediateThreshold = immediateThreshold
        self.mutedRoutes = mutedRoutes
        self.mutedAirlines = mutedAirlines
    }
}
