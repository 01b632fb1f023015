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
