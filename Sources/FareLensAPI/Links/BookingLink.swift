import Foundation
import PlatformAPI

/// One way to book an offer, as the app shows it: who (`provider`: `airline`, `aviasales`,
/// `wayaway`), the button's label (the airline's or site's name), its call to action in the user's
/// A/B arm, and the tracked Travelpayouts link to open.
public struct BookingLink: Codable, Sendable, Equatable {
    public var provider: String
    public var label: String
    public var cta: String
    public var url: String

    public init(provider: String, label: String, cta: String, url: String) {
        self.provider = provider
        self.label = label
        self.cta = cta
        self.url = url
    }

    /// The link's attribution sub id (the `sub_id` of its query, as ``AffiliateSubID`` wrote it):
    /// what a click on it is recorded with; nil for a link that carries none.
    public var subID: String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == "sub_id" }?.value
    }
}

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
