import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// The zero-config provider: ``OfflineFareProvider``'s model, no quota spent.
public struct OfflineOfferProvider: FlightOfferProviding {
    let model: OfflineFareProvider
    public var source: FlightOfferSource { .offline }

    public init(model: OfflineFareProvider = OfflineFareProvider(airports: AirportCatalog.shipped)) { self.model = model }

    public func offers(for query: FlightSearchQuery, today: LocalDate) async throws -> FlightOffersResponse {
        try model.search(query, today: today)
    }
}
