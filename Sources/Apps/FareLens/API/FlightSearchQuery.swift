import Foundation
import PlatformAPI

/// The parameters of a flight search (`origin`, `destination`, `departureDate`, `returnDate`, `adults`,
/// `children`, `infants`, `travelClass`, `currencyCode`, `max`) once read: what every provider is
/// asked. Hashable, so identical searches can be recognised (cached, coalesced).
public struct FlightSearchQuery: Sendable, Hashable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var travelClass: FlightCabin
    public var currencyCode: String
    /// The most offers to answer; nil for the provider's default.
    public var max: Int?
    /// Only flights without a stop.
    public var nonStop: Bool

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        travelClass: FlightCabin = .economy, currencyCode: String = "USD", max: Int? = nil, nonStop: Bool = false
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.adults = adults
        self.children = children
        self.infants = infants
        self.travelClass = travelClass
        self.currencyCode = currencyCode
        self.max = max
        self.nonStop = nonStop
    }
}
