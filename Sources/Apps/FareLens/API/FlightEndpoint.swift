import Foundation
import PlatformAPI

/// A segment's departure or arrival: the airport, its terminal when known, and the local date and
/// time at that airport without an offset (`2021-11-01T11:35:00`), as Amadeus writes it.
public struct FlightEndpoint: Codable, Sendable, Equatable {
    public var iataCode: String
    public var terminal: String?
    public var at: String

    public init(iataCode: String, terminal: String? = nil, at: String) {
        self.iataCode = iataCode
        self.terminal = terminal
        self.at = at
    }
}
