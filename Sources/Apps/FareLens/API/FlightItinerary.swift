import Foundation
import PlatformAPI

/// One way of an offer: its segments in order and the door-to-door duration (ISO 8601, `PT14H15M`).
public struct FlightItinerary: Codable, Sendable, Equatable {
    public var duration: String?
    public var segments: [FlightSegment]

    public init(duration: String?, segments: [FlightSegment]) {
        self.duration = duration
        self.segments = segments
    }
}
