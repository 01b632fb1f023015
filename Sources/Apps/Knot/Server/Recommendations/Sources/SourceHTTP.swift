import AsyncHTTPClient
import Foundation
import KnotAPI
import NIOHTTP1
import OutboundHTTP

/// The recommendation sources' JSON calls, on the platform's ``OutboundHTTPClient``: bearer or
/// query-key auth is the caller's; 429 and 503 (which PA-API and others send when throttling or
/// briefly down) are retried with exponential backoff (1 s, 2 s, 4 s, or the `Retry-After` given, up
/// to 10 s); every other failure is a ``Failure``, so the aggregator can tell a failed source from an
/// empty one.
struct SourceHTTP: Sendable {
    /// Why a source failed (the outbound call's ``OutboundHTTPError``, or an error the source's API
    /// reported in a 200).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The sources' retries: 429 and 503 only (another 5xx is a broken source, not a busy one).
    static let retry = OutboundHTTPClient.RetryPolicy(maxAttempts: 4, retryableStatuses: [429, 503], maxRetryAfter: .seconds(10))

    let http: OutboundHTTPClient

    /// - Parameter timeout: the longest one attempt takes (the aggregator bounds the whole source).
    init(client: HTTPClient = .shared, timeout: Duration = .seconds(10), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        http = OutboundHTTPClient(client: client, deadline: timeout, retry: Self.retry, sleep: sleep)
    }

    func getJSON(_ url: String, headers: [(String, String)] = []) async throws -> [String: Any] {
        try await send(.GET, url, headers: headers, body: nil)
    }

    /// POST of a JSON body (GraphQL, PA-API, Firecrawl). `sign` runs before every attempt, so a
    /// signed request (SigV4 dates its signature) is signed afresh after a 429.
    func postJSON(_ url: String, headers: [(String, String)] = [], body: Data, sign: (@Sendable () -> [(String, String)])? = nil) async throws -> [String: Any] {
        try await send(.POST, url, headers: headers, body: body, sign: sign)
    }

    func send(_ method: HTTPMethod, _ url: String, headers: [(String, String)], body: Data?, sign: (@Sendable () -> [(String, String)])? = nil) async throws -> [String: Any] {
        do {
            return try await http.jsonObject(method, url, headers: headers, body: body, sign: sign)
        } catch let error as OutboundHTTPError {
            throw Failure(description: error.description)
        }
    }
}

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

/// Whether free text from a source mentions an interest: the interest's stem ("Gardening" →
/// "garden", "Museums" → "museum") must begin a word, so "Art" finds "artisan" but not "party".
enum InterestWords {
    static func stem(_ interest: String) -> String {
        var word = interest.lowercased()
        for suffix in ["ing", "s"] where word.count > suffix.count + 3 && word.hasSuffix(suffix) {
            word.removeLast(suffix.count)
            break
        }
        return word
    }

    static func mentions(_ text: String, _ interest: String) -> Bool {
        let stem = stem(interest)
        let lowered = text.lowercased()
        if stem.contains(" ") { return lowered.contains(stem) }
        return lowered.split { !$0.isLetter && !$0.isNumber }.contains { $0.hasPrefix(stem) }
    }
}
