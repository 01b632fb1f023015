import Foundation

/// Finds an airport by IATA code: the seam between the fare model and the airport data set.
public protocol AirportLocating: Sendable {
    /// The airport with this (upper-case) IATA code, nil when unknown.
    func location(of iata: String) -> AirportLocation?
}
