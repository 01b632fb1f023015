import Foundation
import PlatformAPI

/// Amounts as the Amadeus format writes them: decimal strings with the currency's own decimals.
public enum FlightMoney {
    /// `"355.34"` for 35534 minor units of EUR, `"35000"` for 35000 JPY (ISO 4217 decimals).
    public static func text(minorUnits: Int, currency: String) -> String {
        let digits = CurrencyUnits.digits(for: currency)
        guard digits > 0 else { return String(minorUnits) }
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let (whole, fraction) = abs(minorUnits).quotientAndRemainder(dividingBy: scale)
        let fractionText = String(fraction)
        return (minorUnits < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// A decimal string (`"355.34"`, `"35000"`) as a `Decimal`; nil for anything else.
    public static func decimal(_ text: String) -> Decimal? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
