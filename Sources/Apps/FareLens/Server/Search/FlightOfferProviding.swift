import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// One source of flight offers as the search pipeline sees it: its name (for the quota and
/// `meta.source`) and the offers for a query in the contract's Amadeus shape. The real clients and
/// the offline model conform through their adapters (`AmadeusOfferProvider` and its siblings); tests give counting and failing fakes.
public protocol FlightOfferProviding: Sendable {
    var source: FlightOfferSource { get }
    /// The offers; `today` is the UTC day of the request (the offline model prices by it).
    func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse
}
