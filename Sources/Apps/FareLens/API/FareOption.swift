import Foundation
import PlatformAPI

/// Another fare on a deal's route and dates (another cabin, provider or airline), for the detail page.
public struct FareOption: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", cabin, provider, airline, priceCents = "price_cents", currency, dealScore = "deal_score" }
    public var dealID: DealID
    public var cabin: FlightCabin
    public var provider: FlightOfferSource
    public var airline: String
    public var priceCents: Int
    public var currency: String
    public var dealScore: Int

    public init(dealID: DealID, cabin: FlightCabin, provider: FlightOfferSource, airline: String, priceCents: Int, currency: String, dealScore: Int) {
        self.dealID = dealID
        self.cabin = cabin
        self.provider = provider
        self.airline = airline
        self.priceCents = priceCents
        self.currency = currency
        self.dealScore = dealScore
    }
}
