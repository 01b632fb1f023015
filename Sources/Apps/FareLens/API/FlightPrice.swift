import Foundation
import PlatformAPI

/// An offer's price: amounts are DECIMAL STRINGS in `currency` (`"355.34"`), as Amadeus writes them,
/// so no amount passes through binary floating point. `total` = `base` + taxes; `grandTotal` adds
/// any extra services.
public struct FlightPrice: Codable, Sendable, Equatable {
    public var currency: String
    public var total: String
    public var base: String?
    public var fees: [FlightFee]?
    public var grandTotal: String?

    public init(currency: String, total: String, base: String?, fees: [FlightFee]? = nil, grandTotal: String?) {
        self.currency = currency
        self.total = total
        self.base = base
        self.fees = fees
        self.grandTotal = grandTotal
    }

    /// `grandTotal` (or `total` when absent) as a decimal, nil when it is not a decimal string.
    public var grandTotalAmount: Decimal? { FlightMoney.decimal(grandTotal ?? total) }
}
