import Foundation
import PlatformAPI

/// The body of `PUT /alerts/preferences`: keys left out keep their value.
public struct AlertPreferencesInput: Codable, Sendable, Equatable, NumberFieldRules {
    enum CodingKeys: String, CodingKey { case immediateThreshold = "immediate_threshold", mutedRoutes = "muted_routes", mutedAirlines = "muted_airlines" }
    public var immediateThreshold: Int?
    public var mutedRoutes: [MutedRouteInput]?
    public var mutedAirlines: [String]?

    public init(immediateThreshold: Int? = nil, mutedRoutes: [MutedRouteInput]? = nil, mutedAirlines: [String]? = nil) {
        self.immediateThreshold = immediateThreshold
        self.mutedRoutes = mutedRoutes
        self.mutedAirlines = mutedAirlines
    }

    static let thresholds = AlertRules.minimumThreshold...100
    public static var numberFieldRules: [String: String] { ["immediate_threshold": WholeNumberRule.message(thresholds)] }

    /// `current` with the given keys replaced; 422 fields for a threshold outside 60–100, a route
    /// that is not two different 3-letter codes, an airline that is not a 2-character code, or more
    /// than ``AlertRules/maxMutes`` entries.
    public func applied(to current: AlertPreferences) -> Checked<AlertPreferences> {
        var v = Validator()
        var result = current
        if let threshold = immediateThreshold {
            v.check(Self.thresholds.contains(threshold), "immediate_threshold", WholeNumberRule.message(Self.thresholds))
            result.immediateThreshold = threshold
        }
        if let routes = mutedRoutes {
            v.check(routes.count <= AlertRules.maxMutes, "muted_routes", "must have at most \(AlertRules.maxMutes) routes")
            let parsed = routes.map { $0.route }
            v.check(!parsed.contains(nil), "muted_routes", "must each be {origin, destination}: two different 3-letter codes")
            result.mutedRoutes = Array(Set(parsed.compactMap { $0 })).sorted { ($0.origin, $0.destination) < ($1.origin, $1.destination) }
        }
        if let airlines = mutedAirlines {
            v.check(airlines.count <= AlertRules.maxMutes, "muted_airlines", "must have at most \(AlertRules.maxMutes) airlines")
            let parsed = airlines.map(AlertMuteInput.airlineCode)
            v.check(!parsed.contains(nil), "muted_airlines", "must each be a 2-character IATA airline code")
            result.mutedAirlines = Array(Set(parsed.compactMap { $0 })).sorted()
        }
        return .from(v) { result }
    }
}
