import Foundation
import PlatformAPI

/// `GET /deals/{id}`: the deal, why it scored what it did, the other fares on its route and dates
/// (by cabin, then price) and the route's recent price history (null while there is none).
public struct DealDetail: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case deal, explanation, fareOptions = "fare_options", priceHistory = "price_history" }
    public var deal: Deal
    public var explanation: [DealScoreFactor]
    public var fareOptions: [FareOption]
    public var priceHistory: RoutePriceSummary?

    public init(deal: Deal, explanation: [DealScoreFactor], fareOptions: [FareOption], priceHistory: RoutePriceSummary?) {
        self.deal = deal
        self.explanation = explanation
        self.fareOptions = fareOptions
        self.priceHistory = priceHistory
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deal, forKey: .deal)
        try container.encode(explanation, forKey: .explanation)
        try container.encode(fareOptions, forKey: .fareOptions)
        try container.encode(priceHistory, forKey: .priceHistory)
    }
}
