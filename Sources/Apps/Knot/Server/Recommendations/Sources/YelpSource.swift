import Foundation

/// Yelp Fusion `GET /v3/businesses/search` (bearer key) as a source of dates and experiences:
/// vibes map to Yelp category aliases, the budget to Yelp's 1–4 price filter, `$`–`$$$$` back to
/// approximate cents, and the vault's country to the currency (docs/knot.md, "How Knot picks").
public struct YelpSource: CandidateSourceProvider {
    public var name: String { "yelp" }
    let apiKey: String
    let baseURL: String
    let http: SourceHTTP

    public init(apiKey: String, baseURL: String = "https://api.yelp.com") {
        self.init(apiKey: apiKey, baseURL: baseURL, http: SourceHTTP())
    }

    init(apiKey: String, baseURL: String, http: SourceHTTP) {
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
    }

    static let vibeCategories: [Vibe: [String]] = [
        .quietLuxury: ["wine_bars", "wineries", "spas"],
        .streetUrban: ["foodtrucks", "streetart", "cocktailbars"],
        .outdoorsy: ["hiking", "parks", "kayaking"],
        .vintage: ["jazzandblues", "vintage", "speakeasies"],
        .minimalist: ["japanese", "teahouses", "museums"],
        .bohemian: ["artclasses", "farmersmarket", "yoga"],
        .romantic: ["french", "wine_bars", "dancestudio"],
        .adventurous: ["escapegames", "skydiving", "rock_climbing"],
    ]

    /// Approximate cost per Yelp price level, in cents (midpoints for two people).
    static let levelCents: [Int: Int] = [1: 2500, 2: 6000, 3: 12000, 4: 25000]
    static let levelRanges: [Int: ClosedRange<Int>] = [1: 0...3500, 2: 3500...9000, 3: 9000...18000, 4: 18000...Int.max]

    /// Yelp price levels whose range overlaps the budget, e.g. "2,3".
    static func priceFilter(min: Int, max: Int) -> String {
        (1...4).filter { levelRanges[$0]!.overlaps(min...Swift.max(min, max)) }.map(String.init).joined(separator: ",")
    }

    static let dateCategories: Set<String> = ["restaurants", "french", "italian", "japanese", "wine_bars", "cocktailbars", "speakeasies", "jazzandblues", "teahouses"]

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        let location = [request.city, request.state, request.country].compactMap { $0 }.joined(separator: ", ")
        guard !location.isEmpty else { return [] }
        let categories = Set(request.vibes.flatMap { Self.vibeCategories[$0] ?? [] }).sorted()
        var components = URLComponents(string: baseURL + "/v3/businesses/search")!
        components.queryItems = [
            URLQueryItem(name: "location", value: location),
            URLQueryItem(name: "categories", value: categories.joined(separator: ",")),
            URLQueryItem(name: "price", value: Self.priceFilter(min: request.budgetMin, max: request.budgetMax)),
            URLQueryItem(name: "limit", value: "20"),
            URLQueryItem(name: "sort_by", value: "best_match"),
        ]
        let json = try await http.getJSON(components.string!, headers: [("Authorization", "Bearer \(apiKey)")])
        let currency = CountryCurrency.code(for: request.country)
        return (json["businesses"] as? [[String: Any]] ?? []).compactMap { business in
            guard let id = business["id"] as? String, let name = business["name"] as? String else { return nil }
            let aliases = (business["categories"] as? [[String: Any]] ?? []).compactMap { $0["alias"] as? String }
            let titles = (business["categories"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            let level = (business["price"] as? String).map { $0.count }
            let vibe = request.vibes.first { vibe in !(Self.vibeCategories[vibe] ?? []).filter(aliases.contains).isEmpty }
            let city = (business["location"] as? [String: Any])?["city"] as? String ?? request.city
            let rating = (business["rating"] as? Double).map { String(format: "%.1f★", $0) }
            return Candidate(
                id: "yelp:\(id)", source: .yelp, type: aliases.contains(where: Self.dateCategories.contains) ? .date : .experience,
                title: name, description: ([titles.joined(separator: ", ")] + [rating].compactMap { $0 }).joined(separator: " · "),
                priceCents: level.flatMap { Self.levelCents[$0] }, currency: currency, merchant: name, city: city,
                externalURL: business["url"] as? String, imageURL: business["image_url"] as? String, matchedVibe: vibe
            )
        }
    }
}
