import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// Amadeus Flight Offers Search through ``AmadeusClient``: its whole answer read in the contract's
/// shape (dictionaries, traveller pricings and all).
public struct AmadeusOfferProvider: FlightOfferProviding {
    let client: AmadeusClient
    public var source: FlightOfferSource { .amadeus }

    public init(client: AmadeusClient) { self.client = client }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        let result = try await client.search(query)
        do {
            return try JSONDecoder().decode(FlightOffersResponse.self, from: result.raw)
        } catch {
            throw FlightProviderError.malformedAnswer(provider: AmadeusClient.provider, reason: "\(error)")
        }
    }
}
