import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// One price seen for a route and departure date, from a search, a watchlist check or the
/// background refresh: what the price history keeps.
public struct PriceObservation: Sendable, Equatable {
    public var origin: String
    public var destination: String
    public var departureDate: LocalDate
    public var returnDate: LocalDate?
    public var cabin: FlightCabin
    /// The total for one adult, in minor units of `currency`.
    public var priceCents: Int
    public var currency: String
    /// The validating airline's IATA code.
    public var airline: String
    public var source: FlightOfferSource
    public var observedAt: Date

    public init(
        origin: String, destination: String, departureDate: LocalDate, returnDate: LocalDate? = nil, cabin: FlightCabin = .economy, priceCents: Int,
        currency: String, airline: String, source: FlightOfferSource, observedAt: Date
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.cabin = cabin
        self.priceCents = priceCents
        self.currency = currency
        self.airline = airline
        self.source = source
        self.observedAt = observedAt
    }
}
