import Foundation
import PlatformAPI

/// A route as a client sends it (either code may be missing or malformed: a 422, not a 400).
public struct MutedRouteInput: Codable, Sendable, Equatable {
    public var origin: String?
    public var destination: String?

    public init(origin: String?, destination: String?) {
        self.origin = origin
        self.destination = destination
    }

    /// Upper-cased, when both are 3-letter codes and differ.
    public var route: MutedRoute? {
        guard let origin = origin.flatMap(AlertMuteTarget.airportCode), let destination = destination.flatMap(AlertMuteTarget.airportCode), origin != destination
        else { return nil }
        return MutedRoute(origin: origin, destination: destination)
    }
}
