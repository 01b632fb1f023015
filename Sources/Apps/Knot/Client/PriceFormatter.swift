import Foundation
import KnotAPI

/// Formats prices from minor units: whole amounts without decimals ("$50"), others with the
/// currency's own number of decimals ("$49.99", "¥5,000", "€12.50"), symbol per currency.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    /// - Parameter locale: decides grouping and symbol placement; `en_US` by default so output is stable.
    public init(locale: Locale = Locale(identifier: "en_US")) { self.locale = locale }

    /// The number of decimals `currency` uses (the same table the server converts prices with).
    public static func digits(for currency: String) -> Int { CurrencyUnits.digits(for: currency) }

    /// `amount` minor units of `currency`, or "Price varies" when unknown.
    public func format(cents amount: Int?, currency: String) -> String {
        guard let amount else { return "Price varies" }
        let code = currency.uppercased()
        let digits = Self.digits(for: code)
        var divisor = 1
        for _ in 0..<digits { divisor *= 10 }
        let whole = amount % divisor == 0
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        formatter.minimumFractionDigits = whole ? 0 : digits
        formatter.maximumFractionDigits = whole ? 0 : digits
        let value = Decimal(amount) / Decimal(divisor)
        return formatter.string(from: value as NSDecimalNumber) ?? "\(code) \(value)"
    }

    /// "$20–$50" for a budget range.
    public func formatRange(min: Int, max: Int, currency: String) -> String {
        "\(format(cents: min, currency: currency))–\(format(cents: max, currency: currency))"
    }
}
