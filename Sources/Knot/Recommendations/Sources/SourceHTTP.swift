import AsyncHTTPClient
import Foundation
import KnotAPI
import NIOCore
import NIOHTTP1

/// GET with JSON for the recommendation sources: bearer or query-key auth is the caller's, 429 (and
/// 503, which PA-API and others send when throttling or briefly down) is retried with exponential backoff (1 s, 2 s, 4 s, or the `Retry-After` given), other failures
/// throw so the aggregator can tell a failed source from an empty one.
struct SourceHTTP: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let client: HTTPClient
    let timeout: TimeAmount
    let sleep: @Sendable (Duration) async throws -> Void
    static let maxAttempts = 4
    /// The longest `Retry-After` a source may ask for, in seconds.
    static let maxRetryAfter: Double = 10

    init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(10), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.client = client
        self.timeout = timeout
        self.sleep = sleep
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
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPClientRequest(url: url)
            request.method = method
            request.headers.add(name: "Accept", value: "application/json")
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            for (name, value) in sign?() ?? [] { request.headers.replaceOrAdd(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let response = try await client.execute(request, timeout: timeout)
            let responseBody = try await response.body.collect(upTo: 8 << 20)
            if response.status == .tooManyRequests || response.status == .serviceUnavailable, attempt < Self.maxAttempts {
                // A third party's Retry-After is untrusted: only finite waits up to `maxRetryAfter`
                // are honoured; a longer one fails the source now rather than stall the request.
                let retryAfter = response.headers.first(name: "retry-after").flatMap(Double.init)
                let wait = retryAfter ?? pow(2, Double(attempt - 1))
                guard wait.isFinite, wait >= 0, wait <= Self.maxRetryAfter else {
                    throw Failure(description: "\(url.split(separator: "?").first ?? "") asked to retry after \(response.headers.first(name: "retry-after") ?? "?") s")
                }
                try await sleep(.milliseconds(Int(wait * 1000)))
                continue
            }
            guard (200..<300).contains(Int(response.status.code)) else {
                throw Failure(description: "\(url.split(separator: "?").first ?? "") answered \(response.status.code)")
            }
            guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: responseBody)) as? [String: Any] else {
                throw Failure(description: "unreadable JSON from \(url.split(separator: "?").first ?? "")")
            }
            return object
        }
    }
}

/// ISO 4217 currency by country code (seed 000 decision 121); unknown countries use USD.
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
