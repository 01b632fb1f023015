import Foundation

/// What one flight search asks (origin, destination, dates,
/// travellers, cabin), as the search route's Amadeus-named parameters; kept in the search history
/// and saved searches.
public struct SearchCriteria: Codable, Sendable, Hashable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var adults: Int
    public var children: Int
    public var infants: Int
    public var cabin: FlightCabin?
    public var nonStop: Bool

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, adults: Int = 1, children: Int = 0, infants: Int = 0,
        cabin: FlightCabin? = nil, nonStop: Bool = false
    ) {
        self.origin = origin.uppercased()
        self.destination = destination.uppercased()
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.adults = adults
        self.children = children
        self.infants = infants
        self.cabin = cabin
        self.nonStop = nonStop
    }

    /// The query of `GET /farelens/v2/shopping/flight-offers` that asks it.
    public var query: FlightOffersQuery {
        FlightOffersQuery(
            origin: origin, destination: destination, departureDate: departureDate, returnDate: returnDate, adults: adults, children: children, infants: infants,
            travelClass: cabin, nonStop: nonStop)
    }
}
