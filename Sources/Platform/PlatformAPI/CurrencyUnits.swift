import Foundation

/// What "minor units" means for each currency (ISO 4217 exponents), shared by the server, which
/// stores every amount as an integer of minor units (`price_cents`, budget `min_amount`), and the
/// client, which formats them: 1/100 for most currencies, whole yen for JPY, 1/1000 for KWD.
public enum CurrencyUnits {
    /// ISO 4217 currencies whose minor unit is not 1/100.
    static let exponents: [String: Int] = [
        "JPY": 0, "KRW": 0, "VND": 0, "CLP": 0, "ISK": 0, "UGX": 0, "XAF": 0, "XOF": 0, "PYG": 0, "RWF": 0,
        "BHD": 3, "KWD": 3, "OMR": 3, "JOD": 3, "TND": 3, "IQD": 3, "LYD": 3,
    ]

    /// The number of decimals `currency` uses.
    public static func digits(for currency: String) -> Int { exponents[currency.uppercased()] ?? 2 }

    /// A decimal amount ("24.5" dollars, 5000 yen) in minor units of `currency`, rounded half-up
    /// with decimal arithmetic (so 0.29 is 29, not 28); nil for negative amounts.
    public static func minorUnits(_ amount: Decimal, currency: String) -> Int? {
        guard amount >= 0 else { return nil }
        var scaled = amount
        for _ in 0..<digits(for: currency) { scaled *= 10 }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    /// Minor units back as a decimal amount of `currency`.
    public static func amount(_ minorUnits: Int, currency: String) -> Decimal {
        var value = Decimal(minorUnits)
        for _ in 0..<digits(for: currency) { value /= 10 }
        return value
    }

    /// "USD 24.50", "JPY 5000": a plain rendering with the currency's own decimals.
    public static func plainText(_ minorUnits: Int, currency: String) -> String {
        let digits = digits(for: currency)
        let amount = NSDecimalNumber(decimal: amount(minorUnits, currency: currency)).doubleValue
        return "\(currency.uppercased()) " + String(format: "%.\(digits)f", amount)
    }
}
