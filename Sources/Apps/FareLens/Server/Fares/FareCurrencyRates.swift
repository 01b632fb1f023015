import FareLensAPI
import PlatformAPI

/// The offline provider's exchange rates: units of each currency per US dollar, a small fixed table
/// of APPROXIMATE rates (mid-2020s levels, never updated at run time) so offline fares can be asked
/// in the traveller's currency. Live providers price in the currency they are asked for.
public enum FareCurrencyRates {
    public static let perUSD: [String: Double] = [
        "USD": 1, "EUR": 0.92, "GBP": 0.79, "CAD": 1.37, "AUD": 1.52, "NZD": 1.65, "JPY": 150, "CHF": 0.88, "CNY": 7.2, "HKD": 7.8, "SGD": 1.35,
        "INR": 83, "KRW": 1350, "MXN": 17.5, "BRL": 5.1, "SEK": 10.5, "NOK": 10.6, "DKK": 6.9, "PLN": 4.0, "AED": 3.67, "ZAR": 18.5, "THB": 36,
    ]

    /// English names for `dictionaries.currencies`, as Amadeus writes them.
    static let names: [String: String] = [
        "USD": "US DOLLAR", "EUR": "EURO", "GBP": "POUND STERLING", "CAD": "CANADIAN DOLLAR", "AUD": "AUSTRALIAN DOLLAR", "NZD": "NEW ZEALAND DOLLAR",
        "JPY": "YEN", "CHF": "SWISS FRANC", "CNY": "YUAN RENMINBI", "HKD": "HONG KONG DOLLAR", "SGD": "SINGAPORE DOLLAR", "INR": "INDIAN RUPEE",
        "KRW": "WON", "MXN": "MEXICAN PESO", "BRL": "BRAZILIAN REAL", "SEK": "SWEDISH KRONA", "NOK": "NORWEGIAN KRONE", "DKK": "DANISH KRONE",
        "PLN": "ZLOTY", "AED": "UAE DIRHAM", "ZAR": "RAND", "THB": "BAHT",
    ]

    /// `usd` dollars in minor units of `currency` (cents; whole yen), rounded half away from zero;
    /// nil for a currency the table lacks.
    public static func minorUnits(usd: Double, in currency: String) -> Int? {
        guard let rate = perUSD[currency] else { return nil }
        var scale = 1.0
        for _ in 0..<CurrencyUnits.digits(for: currency) { scale *= 10 }
        return Int((usd * rate * scale).rounded())
    }
}
