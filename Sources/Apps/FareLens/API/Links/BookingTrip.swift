import Foundation
import PlatformAPI

/// What a booking link searches for: the route and dates of the offer, who travels and in which cabin.
public struct BookingTrip: Sendable, Equatable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var cabin: FlightCabin

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        cabin: FlightCabin = .economy
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.adults = adults
        self.children = children
        self.infants = infants
        self.cabin = cabin
    }
}
