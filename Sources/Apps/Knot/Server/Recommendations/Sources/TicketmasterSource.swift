import Foundation
import PlatformCore

/// Ticketmaster Discovery v2 `GET /discovery/v2/events.json` (`apikey` query parameter) as a
/// source of experiences: interests map to classifications, only `onsale` events pass, prices are
/// the midpoint of `priceRanges`, currency from the event or the country (docs/knot.md, "How Knot picks").
public struct TicketmasterSource: CandidateSourceProvider {
    public var name: String { "ticketmaster" }
    let apiKey: String
    let baseURL: String
    let http: SourceHTTP
    let now: @Sendable () -> Date

    public init(apiKey: String, baseURL: String = "https://app.ticketmaster.com", clock: any TimeSource) {
        self.init(apiKey: apiKey, baseURL: baseURL, http: SourceHTTP(), now: { clock.now() })
    }

    init(apiKey: String, baseURL: String, http: SourceHTTP, now: @escaping @Sendable () -> Date) {
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
        self.now = now
    }

    /// Interest → Ticketmaster classification name ("Concerts" and "Music" are both Music).
    static let interestClassifications: [String: String] = [
        "Concerts": "Music", "Music": "Music", "Theater": "Arts & Theatre", "Sports": "Sports",
        "Dancing": "Dance/Electronic", "Movies": "Film", "Museums": "Arts & Theatre", "Art": "Arts & Theatre",
    ]

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        let classifications = Array(Set(request.interests.compactMap { Self.interestClassifications[$0] })).sorted()
        guard !classifications.isEmpty, let city = request.city else { return [] }
        let start = now(), end = start.addingTimeInterval(30 * 24 * 3600)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        var components = URLComponents(string: baseURL + "/discovery/v2/events.json")!
        components.queryItems = [
            URLQueryItem(name: "apikey", value: apiKey),
            URLQueryItem(name: "city", value: city),
            URLQueryItem(name: "countryCode", value: request.country.uppercased()),
            URLQueryItem(name: "classificationName", value: classifications.joined(separator: ",")),
            URLQueryItem(name: "startDateTime", value: format.string(from: start)),
            URLQueryItem(name: "endDateTime", value: format.string(from: end)),
            URLQueryItem(name: "size", value: "20"),
            URLQueryItem(name: "sort", value: "relevance,desc"),
        ]
        let json = try await http.getJSON(components.string!)
        let events = (json["_embedded"] as? [String: Any])?["events"] as? [[String: Any]] ?? []
        let fallbackCurrency = CountryCurrency.code(for: request.country)
        return events.compactMap { event in
            guard let id = event["id"] as? String, let name = event["name"] as? String else { return nil }
            let status = (((event["dates"] as? [String: Any])?["status"] as? [String: Any])?["code"] as? String)?.lowercased()
            guard status == "onsale" else { return nil }
            let range = (event["priceRanges"] as? [[String: Any]])?.first
            let low = range?["min"] as? Double, high = range?["max"] as? Double
            let price: Int? =
                switch (low, high) {
                case let (low?, high?): Int(((low + high) / 2) * 100)
                case let (low?, nil): Int(low * 100)
                case let (nil, high?): Int(high * 100)
                default: nil
                }
            let venue = ((event["_embedded"] as? [String: Any])?["venues"] as? [[String: Any]])?.first
            let venueName = venue?["name"] as? String
            let images = event["images"] as? [[String: Any]] ?? []
            let image = images.first { ($0["ratio"] as? String) == "16_9" && ($0["width"] as? Int ?? 0) >= 640 } ?? images.first
            let date = ((event["dates"] as? [String: Any])?["start"] as? [String: Any])?["localDate"] as? String
            let interest = request.interests.first { Self.interestClassifications[$0] != nil }
            return Candidate(
                id: "ticketmaster:\(id)", source: .ticketmaster, type: .experience, title: name,
                description: [venueName, date].compactMap { $0 }.joined(separator: " · "),
                priceCents: price, currency: range?["currency"] as? String ?? fallbackCurrency, merchant: venueName ?? "Ticketmaster",
                city: (venue?["city"] as? [String: Any])?["name"] as? String ?? city, externalURL: event["url"] as? String,
                imageURL: image?["url"] as? String, matchedInterest: interest
            )
        }
    }
}
