import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// A scored fare the deals part keeps (from a search observer or the background refresh).
public struct DealCandidate: Sendable, Equatable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var cabin: FlightCabin
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var provider: FlightOfferSource
    public var score: DealScore
    /// When the fare stops being offered as a deal (the search cache's horizon or the provider's
    /// `lastTicketingDate`, whichever is sooner).
    public var expiresAt: Date
    /// The offer as the provider gave it (Amadeus's shape), for the deal's detail page.
    public var offer: FlightOffer?

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, cabin: FlightCabin = .economy, airline: String,
        priceCents: Int, currency: String, provider: FlightOfferSource, score: DealScore, expiresAt: Date, offer: FlightOffer? = nil
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.cabin = cabin
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.provider = provider
        self.score = score
        self.expiresAt = expiresAt
        self.offer = offer
    }
}
