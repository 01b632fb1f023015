import FareLensAPI
import Foundation
import NIOHTTP1
import OutboundHTTP
import PlatformCore

/// The fallback flight provider: Travelpayouts' Aviasales data API (`GET
/// /aviasales/v3/prices_for_dates`, the cheapest recently seen fares for a route and dates) on the
/// platform's ``OutboundHTTPClient``, its token in `X-Access-Token` (never in the URL, which errors
/// and logs show), its fares converted to Amadeus-shaped offers by ``TravelpayoutsConversion``.
public struct TravelpayoutsClient: Sendable {
    public static let defaultBaseURL = "https://api.travelpayouts.com"
    static let provider = "Travelpayouts"

    let token: String
    let baseURL: String
    let http: OutboundHTTPClient

    public init(token: String, baseURL: String = TravelpayoutsClient.defaultBaseURL, http: OutboundHTTPClient = OutboundHTTPClient(retry: AmadeusClient.retry)) {
        self.token = token
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
    }

    /// The fares for `query`, cheapest first, as Amadeus-shaped offers with their Aviasales links.
    /// (Travelpayouts prices one passenger and no cabin: the caller decides whether such a fare
    /// answers a question for several travellers or a cabin.)
    public func search(_ query: FlightSearchQuery) async throws -> [TravelpayoutsOffer] {
        let url = baseURL + "/aviasales/v3/prices_for_dates?" + FormURLEncoded.encode(Self.parameters(query))
        let response: OutboundResponse
        do {
            response = try await http.answer(.GET, url, headers: [("X-Access-Token", token)])
        } catch let error as OutboundHTTPError {
            throw FlightProviderError.from(error, provider: Self.provider)
        }
        guard (200..<300).contains(response.status) else { throw FlightProviderError.from(response, provider: Self.provider, messages: Self.messages) }
        let answer: TravelpayoutsConversion.Answer
        do {
            answer = try JSONDecoder().decode(TravelpayoutsConversion.Answer.self, from: response.body)
        } catch {
            throw FlightProviderError.malformedAnswer(provider: Self.provider, reason: "\(error)")
        }
        guard answer.success != false else { throw FlightProviderError.rejected(provider: Self.provider, status: response.status, messages: Self.messages(response.body)) }
        return TravelpayoutsConversion.offers(answer, fallbackCurrency: query.currencyCode)
    }

    /// The query string of a search, in the API's parameter names.
    static func parameters(_ query: FlightSearchQuery) -> [(String, String)] {
        var items = [("origin", query.origin), ("destination", query.destination), ("departure_at", query.departureDate.description)]
        if let returnDate = query.returnDate { items.append(("return_at", returnDate.description)) }
        items += [
            ("one_way", query.returnDate == nil ? "true" : "false"), ("direct", query.nonStop ? "true" : "false"), ("currency", query.currencyCode.lowercased()),
            ("sorting", "price"), ("limit", String(query.max ?? 20)),
        ]
        return items
    }

    /// The API's message: `{"success": false, "error": "…"}` (or `message`).
    static func messages(_ body: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [] }
        return [object["error"], object["message"]].compactMap { $0 as? String }
    }
}
