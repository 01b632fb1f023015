import AsyncHTTPClient
import Foundation
import KnotAPI
import NIOHTTP1
import OutboundHTTP

/// Decimal money strings and numbers ("29.99", 29.99) to integer minor units of their currency
/// (cents, or whole yen for JPY: ``CurrencyUnits``), rounded half-up with decimal arithmetic.
enum MoneyCents {
    static func cents(_ value: Any?, currency: String) -> Int? {
        let decimal: Decimal?
        switch value {
        case let string as String: decimal = Decimal(string: string.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
        case let number as NSNumber: decimal = Decimal(string: number.stringValue, locale: Locale(identifier: "en_US_POSIX"))
        default: decimal = nil
        }
        return decimal.flatMap { CurrencyUnits.minorUnits($0, currency: currency) }
    }
}
