import AsyncHTTPClient
import Foundation
import KnotAPI
import NIOHTTP1
import OutboundHTTP

/// ISO 4217 currency by country code (docs/knot.md, "How Knot picks"); unknown countries use USD.
enum CountryCurrency {
    static let map: [String: String] = [
        "US": "USD", "CA": "CAD", "GB": "GBP", "UK": "GBP", "IE": "EUR", "FR": "EUR", "DE": "EUR", "ES": "EUR", "IT": "EUR", "NL": "EUR",
        "BE": "EUR", "AT": "EUR", "PT": "EUR", "FI": "EUR", "GR": "EUR", "JP": "JPY", "AU": "AUD", "NZ": "NZD", "MX": "MXN", "BR": "BRL",
        "AR": "ARS", "CL": "CLP", "SG": "SGD", "HK": "HKD", "TW": "TWD", "PH": "PHP", "MY": "MYR", "CH": "CHF", "SE": "SEK", "NO": "NOK",
        "DK": "DKK", "PL": "PLN", "CZ": "CZK", "TR": "TRY", "IN": "INR", "ZA": "ZAR",
    ]

    static func code(for country: String) -> String { map[country.uppercased()] ?? "USD" }
}
