import FareLensAPI
import Foundation
import NIOHTTP1
import OutboundHTTP
import PlatformCore

/// Amadeus Self-Service Flight Offers Search on the platform's ``OutboundHTTPClient``: an OAuth2
/// client-credentials token (`POST /v1/security/oauth2/token`) cached until a minute before it
/// expires and shared by concurrent searches, fetched afresh once when a search answers 401, and
/// `GET /v2/shopping/flight-offers`; every failure is a ``FlightProviderError`` (Amadeus's
/// `errors[]` messages kept).
public actor AmadeusClient {
    public static let testBaseURL = "https://test.api.amadeus.com"
    public static let productionBaseURL = "https://api.amadeus.com"
    static let provider = "Amadeus"
    /// How long before its stated expiry a token is replaced.
    static let refreshMargin: TimeInterval = 60

    /// Retries within a search's time: one more attempt on 429/5xx, waiting at most 2 s.
    public static let retry = OutboundHTTPClient.RetryPolicy(maxAttempts: 2, maxRetryAfter: .seconds(2), backoff: .milliseconds(500))

    let baseURL: String
    let http: OutboundHTTPClient
    let tokens: CachedAccessToken

    /// - Parameters:
    ///   - baseURL: ``testBaseURL`` (Amadeus's free test environment) or ``productionBaseURL``.
    ///   - clock: decides when the cached token has expired.
    public init(
        clientID: String, clientSecret: String, baseURL: String = AmadeusClient.testBaseURL,
        http: OutboundHTTPClient = OutboundHTTPClient(retry: AmadeusClient.retry), clock: any TimeSource = SystemTime()
    ) {
        let baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.baseURL = baseURL
        self.http = http
        tokens = CachedAccessToken(refreshMargin: Self.refreshMargin, clock: clock) { now in
            try await Self.exchange(clientID: clientID, clientSecret: clientSecret, baseURL: baseURL, http: http, now: now)
        }
    }

    /// The offers for `query`, Amadeus's cheapest first as it sends them, read once into the
    /// contract's shape (dictionaries, traveller pricings and all).
    public func search(_ query: FlightSearchQuery) async throws -> FlightOffersResponse {
        let url = baseURL + "/v2/shopping/flight-offers?" + FormURLEncoded.encode(Self.parameters(query))
        let token = try await tokens.token()
        var response = try await Self.call(http, .GET, url, headers: [("Authorization", "Bearer \(token)")])
        if response.status == 401 {
            // The token may have been revoked or expired early: one fresh token, one more try.
            await tokens.discard(token)
            response = try await Self.call(http, .GET, url, headers: [("Authorization", "Bearer \(try await tokens.token())")])
        }
        guard (200..<300).contains(response.status) else { throw FlightProviderError.from(response, provider: Self.provider, messages: Self.messages) }
        do {
            return try JSONDecoder().decode(FlightOffersResponse.self, from: response.body)
        } catch {
            throw FlightProviderError.malformedAnswer(provider: Self.provider, reason: "\(error)")
        }
    }

    /// The query string of a search, in Amadeus's parameter names.
    static func parameters(_ query: FlightSearchQuery) -> [(String, String)] {
        var items = [("originLocationCode", query.origin), ("destinationLocationCode", query.destination), ("departureDate", query.departureDate.description)]
        if let returnDate = query.returnDate { items.append(("returnDate", returnDate.description)) }
        items.append(("adults", String(query.adults)))
        if query.children > 0 { items.append(("children", String(query.children))) }
        if query.infants > 0 { items.append(("infants", String(query.infants))) }
        items.append(("travelClass", query.travelClass.rawValue))
        items += [("currencyCode", query.currencyCode), ("max", String(query.max ?? 20)), ("nonStop", query.nonStop ? "true" : "false")]
        return items
    }

    /// A valid access token: the cached one until a minute before it expires, else a new one
    /// (concurrent callers share one exchange).
    func token() async throws -> String { try await tokens.token() }

    /// The client-credentials grant.
    private static func exchange(
        clientID: String, clientSecret: String, baseURL: String, http: OutboundHTTPClient, now: Date
    ) async throws -> (
        token: String, expires: Date
    ) {
        let form = FormURLEncoded.encode([("grant_type", "client_credentials"), ("client_id", clientID), ("client_secret", clientSecret)])
        let response = try await call(
            http,
            .POST, baseURL + "/v1/security/oauth2/token", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data(form.utf8))
        guard (200..<300).contains(response.status) else { throw FlightProviderError.from(response, provider: Self.provider, messages: Self.messages) }
        struct Answer: Decodable {
            let access_token: String
            let expires_in: Double
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body), !answer.access_token.isEmpty, answer.expires_in.isFinite else {
            throw FlightProviderError.malformedAnswer(provider: Self.provider, reason: "no access_token and expires_in in the token answer")
        }
        return (answer.access_token, now.addingTimeInterval(max(0, answer.expires_in)))
    }

    /// One call through the outbound client, its failures to answer mapped.
    private static func call(
        _ http: OutboundHTTPClient, _ method: HTTPMethod, _ url: String, headers: [(String, String)], body: Data? = nil
    ) async throws
        -> OutboundResponse
    {
        do {
            return try await http.answer(method, url, headers: headers, body: body)
        } catch let error as OutboundHTTPError {
            throw FlightProviderError.from(error, provider: Self.provider)
        }
    }

    /// Amadeus's error messages: `errors[].title`/`detail` of its API errors, or the token
    /// endpoint's OAuth `error_description`.
    static func messages(_ body: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
        if let errors = object["errors"] as? [[String: Any]] {
            return errors.map { error in
                let code = (error["code"] as? Int).map { " [\($0)]" } ?? ""
                let title = error["title"] as? String ?? "error"
                return title + code + ((error["detail"] as? String).map { ": \($0)" } ?? "")
            }
        }
        if let description = object["error_description"] as? String { return [description] }
        return (object["error"] as? String).map { [$0] } ?? []
    }
}
