import Foundation
import PlatformAPI

/// The body of `PUT /alerts/preferences`: keys left out keep their value; a list given replaces the
/// one stored.
public struct AlertPreferencesChanges: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case immediateThreshold = "immediate_threshold", mutedRoutes = "muted_routes", mutedAirlines = "muted_airlines" }
    public var immediateThreshold: Int?
    /// Upper-cased, each once, by origin then destination.
    public var mutedRoutes: [MutedRoute]?
    /// Upper-cased, each once, sorted.
    public var mutedAirlines: [String]?

    public init(immediateThreshold: Int? = nil, mutedRoutes: [MutedRoute]? = nil, mutedAirlines: [String]? = nil) {
        self.immediateThreshold = immediateThreshold
        self.mutedRoutes = mutedRoutes
        self.mutedAirlines = mutedAirlines
    }

    /// The body as it arrives: a route's codes may be missing or malformed (a 422, not a 400).
    public struct Input: Codable, Sendable, Equatable, NumberFieldRules {
        typealias CodingKeys = AlertPreferencesChanges.CodingKeys
        public var immediateThreshold: Int?
        public var mutedRoutes: [MutedRouteInput]?
        public var mutedAirlines: [String]?

        public init(immediateThreshold: Int? = nil, mutedRoutes: [MutedRouteInput]? = nil, mutedAirlines: [String]? = nil) {
            self.immediateThreshold = immediateThreshold
            self.mutedRoutes = mutedRoutes
            self.mutedAirlines = mutedAirlines
        }

        public static var numberFieldRules: [String: String] { ["immediate_threshold": WholeNumberRule.message(AlertPreferencesChanges.thresholds)] }
    }

    static let thresholds = AlertRules.minimumThreshold...100

    /// 422 fields for a threshold outside 60–100, a route that is not two different 3-letter codes,
    /// an airline that is not a 2-character code, or more than ``AlertRules/maxMutes`` entries.
    public static func check(_ input: Input) -> Checked<AlertPreferencesChanges> {
        var v = Validator()
        var changes = AlertPreferencesChanges()
        if let threshold = input.immediateThreshold {
            v.check(Self.thresholds.contains(threshold), "immediate_threshold", WholeNumberRule.message(Self.thresholds))
            changes.immediateThreshold = threshold
        }
        if let routes = input.mutedRoutes {
            v.check(routes.count <= AlertRules.maxMutes, "muted_routes", "must have at most \(AlertRules.maxMutes) routes")
            let parsed = routes.map { $0.route }
            v.check(!parsed.contains(nil), "muted_routes", "must each be {origin, destination}: two different 3-letter codes")
            changes.mutedRoutes = Array(Set(parsed.compactMap { $0 })).sorted { ($0.origin, $0.destination) < ($1.origin, $1.destination) }
        }
        if let airlines = input.mutedAirlines {
            v.check(airlines.count <= AlertRules.maxMutes, "muted_airlines", "must have at most \(AlertRules.maxMutes) airlines")
            let parsed = airlines.map(AlertMuteTarget.airlineCode)
            v.check(!parsed.contains(nil), "muted_airlines", "must each be a 2-character IATA airline code")
            changes.mutedAirlines = Array(Set(parsed.compactMap { $0 })).sorted()
        }
        return .from(v) { changes }
    }

    /// `current` with the given keys replaced.
    public func applied(to current: AlertPreferences) -> AlertPreferences {
        var result = current
        if let immediateThreshold { result.immediateThreshold = immediateThreshold }
        if let mutedRoutes { result.mutedRoutes = mutedRoutes }
        if let mutedAirlines { result.mutedAirlines = mutedAirlines }
        return result
    }

    /// This body as the server reads it.
    public var input: Input {
        Input(
            immediateThreshold: immediateThreshold, mutedRoutes: mutedRoutes?.map { MutedRouteInput(origin: $0.origin, destination: $0.destination) },
            mutedAirlines: mutedAirlines)
    }
}
