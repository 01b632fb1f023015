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

    /// The query string of `GET /farelens/v2/shopping/flight-offers`.
    public var queryItems: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "origin", value: origin), URLQueryItem(name: "destination", value: destination),
            URLQueryItem(name: "departureDate", value: departureDate.description), URLQueryItem(name: "adults", value: String(adults)),
        ]
        if let returnDate { items.append(URLQueryItem(name: "returnDate", value: returnDate.description)) }
        if children > 0 { items.append(URLQueryItem(name: "children", value: String(children))) }
        if infants > 0 { items.append(URLQueryItem(name: "infants", value: String(infants))) }
        if let cabin { items.append(URLQueryItem(name: "travelClass", value: cabin.rawValue)) }
        if nonStop { items.append(URLQueryItem(name: "nonStop", value: "true")) }
        return items
    }
}
