import Foundation
import PlatformAPI

/// The names behind the codes of a response: carriers and aircraft by code, airports by IATA code.
public struct FlightDictionaries: Codable, Sendable, Equatable {
    public var locations: [String: FlightLocation]?
    public var aircraft: [String: String]?
    public var currencies: [String: String]?
    public var carriers: [String: String]?

    public init(
        locations: [String: FlightLocation]? = nil, aircraft: [String: String]? = nil, currencies: [String: String]? = nil, carriers: [String: String]? = nil
    ) {
        self.locations = locations
        self.aircraft = aircraft
        self.currencies = currencies
        self.carriers = carriers
    }
}
