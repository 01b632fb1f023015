import Foundation

/// A budget range in minor units (cents) of `currency` for one occasion type.
public struct Budget: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case occasionType = "occasion_type", minAmount = "min_amount", maxAmount = "max_amount", currency }
    public var occasionType: OccasionType
    public var minAmount: Int
    public var maxAmount: Int
    public var currency: String

    public init(occasionType: OccasionType, minAmount: Int, maxAmount: Int, currency: String = "USD") {
        self.occasionType = occasionType
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.currency = currency
    }
}
