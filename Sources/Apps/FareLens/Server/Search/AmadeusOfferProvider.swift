import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// Amadeus Flight Offers Search through ``AmadeusClient``, whose answer is already the contract's.
public struct AmadeusOfferProvider: FlightOfferProviding {
    let client: AmadeusClient
    public var source: FlightOfferSource { .amadeus }

    public init(client: AmadeusClient) { self.client = client }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        try await client.search(query)
    }
}
