import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// GET with JSON for the recommendation sources: bearer or query-key auth is the caller's, 429 is
/// retried with exponential backoff (1 s, 2 s, 4 s, or the `Retry-After` given), other failures
/// throw so the aggregator can tell a failed source from an empty one.
struct SourceHTTP: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let client: HTTPClient
    let timeout: TimeAmount
    let sleep: @Sendable (Duration) async throws -> Void
    static let maxAttempts = 4

    init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(10), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.client = client
        self.timeout = timeout
        self.sleep = sleep
    }

    func getJSON(_ url: String, headers: [(String, String)] = []) async throws -> [String: Any] {
        var attempt = 0
        while true {
            attempt += 1
            var request = HTTPClientRequest(url: url)
            request.headers.add(name: "Accept", value: "application/json")
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            let response = try await client.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: 8 << 20)
            if response.status == .tooManyRequests, attempt < Self.maxAttempts {
                let retryAfter = response.headers.first(name: "retry-after").flatMap(Double.init)
                try await sleep(.milliseconds(Int((retryAfter ?? pow(2, Double(attempt - 1))) * 1000)))
                continue
            }
            guard (200..<300).contains(Int(response.status.code)) else {
                throw Failure(description: "\(url.split(separator: "?").first ?? "") answered \(response.status.code)")
            }
            guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
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
