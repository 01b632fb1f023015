import AIProviders
import Foundation

/// Brave Search `GET /res/v1/web/search` (`X-Subscription-Token`) plus a language model through the
/// ``ModelRouter`` (purpose `knot.candidate_extraction`) as a source of real, purchasable or
/// bookable items (docs/knot.md, "How Knot picks"): queries are built from interests, vibes, city and budget,
/// the model turns the search results into candidates as one strict JSON object, and only items
/// whose URL was actually among the search results are kept, so the model cannot invent links.
/// Malformed model output makes the source fail; the aggregator tolerates a failed source.
public struct WebSearchSource: CandidateSourceProvider {
    public var name: String { "web_search" }
    public static let purpose = "knot.candidate_extraction"
    let apiKey: String
    let baseURL: String
    let router: ModelRouter
    let http: SourceHTTP

    public init(apiKey: String, baseURL: String = "https://api.search.brave.com", router: ModelRouter) {
        self.init(apiKey: apiKey, baseURL: baseURL, router: router, http: SourceHTTP())
    }

    init(apiKey: String, baseURL: String, router: ModelRouter, http: SourceHTTP) {
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.router = router
        self.http = http
    }

    /// Vibe → words that steer a search toward that style.
    static let vibeModifiers: [Vibe: String] = [
        .quietLuxury: "luxury", .streetUrban: "urban", .outdoorsy: "outdoor", .vintage: "vintage",
        .minimalist: "minimalist", .bohemian: "bohemian", .romantic: "romantic", .adventurous: "adventurous",
    ]

    /// Up to three searches: gifts for the top two interests under the budget, and date ideas in the city.
    static func queries(for request: SourceRequest) -> [String] {
        let modifier = request.vibes.first.flatMap { vibeModifiers[$0] }.map { $0 + " " } ?? ""
        let budget = request.budgetMax > 0 ? " under \(request.budgetMax / 100) \(request.currency)" : ""
        var queries = request.interests.prefix(2).map { "best \(modifier)\($0.lowercased()) gifts\(budget)" }
        if let city = request.city, !city.isEmpty {
            queries.append("unique \(modifier)date ideas in \([city, request.state].compactMap { $0 }.joined(separator: " "))")
        }
        return queries
    }

    /// One web result as Brave returns it.
    struct SearchResult: Sendable, Equatable {
        var title: String
        var url: String
        var description: String
    }

    func search(_ query: String) async throws -> [SearchResult] {
        var components = URLComponents(string: baseURL + "/res/v1/web/search")!
        components.queryItems = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "count", value: "10")]
        let json = try await http.getJSON(components.string!, headers: [("X-Subscription-Token", apiKey)])
        let results = (json["web"] as? [String: Any])?["results"] as? [[String: Any]] ?? []
        return results.compactMap { result in
            guard let title = result["title"] as? String, let url = result["url"] as? String else { return nil }
            return SearchResult(title: title, url: url, description: result["description"] as? String ?? "")
        }
    }

    /// What the model must answer: `{"candidates": [...]}` with these fields.
    struct Extraction: Decodable {
        struct Item: Decodable {
            enum CodingKeys: String, CodingKey {
                case title, description, type, priceCents = "price_cents", externalURL = "external_url", merchantName = "merchant_name", imageURL = "image_url"
            }
            var title: String
            var description: String
            var type: RecommendationType
            var priceCents: Int?
            var externalURL: String
            var merchantName: String?
            var imageURL: String?
        }
        var candidates: [Item]
    }

    static let system = """
        You turn web search results into gift and date recommendations. Answer with one JSON object and nothing else:
        {"candidates": [{"title": string, "description": string, "type": "gift" | "experience" | "date", "price_cents": integer or null,
        "external_url": string, "merchant_name": string or null, "image_url": string or null}]}.
        Use only items that can actually be bought or booked at a URL from the results, copy that URL exactly into external_url,
        give prices in cents of the stated currency, and skip anything outside the budget. At most 10 candidates.
        """

    /// The model's answer as candidates; throws when it is not the JSON object asked for.
    static func parse(_ text: String) throws -> Extraction {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```") {
            body = body.drop { $0 != "\n" }.trimmingCharacters(in: .whitespacesAndNewlines)
            if body.hasSuffix("```") { body = String(body.dropLast(3)).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        do {
            return try JSONDecoder().decode(Extraction.self, from: Data(body.utf8))
        } catch {
            throw SourceHTTP.Failure(description: "the \(purpose) model answered malformed JSON: \(error)")
        }
    }

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        let queries = Self.queries(for: request)
        guard !queries.isEmpty else { return [] }
        var results: [SearchResult] = []
        for query in queries {
            for result in try await search(query) where !results.contains(where: { $0.url == result.url }) { results.append(result) }
        }
        guard !results.isEmpty else { return [] }
        let context: [String: Any] = [
            "interests": request.interests, "vibes": request.vibes.map(\.rawValue), "city": request.city ?? NSNull(),
            "country": request.country, "currency": request.currency, "budget_min_cents": request.budgetMin, "budget_max_cents": request.budgetMax,
            "occasion": request.occasion.rawValue,
            "results": results.map { ["title": $0.title, "url": $0.url, "description": $0.description] },
        ]
        let prompt = String(decoding: try JSONSerialization.data(withJSONObject: context, options: [.sortedKeys]), as: UTF8.self)
        let answer = try await router.complete(
            CompletionRequest(system: Self.system, messages: [ChatMessage(.user, prompt)], temperature: 0, maxTokens: 2048, jsonObject: true),
            purpose: Self.purpose, app: "knot"
        )
        let extraction = try Self.parse(answer.completion.text)
        let known = Set(results.map(\.url))
        var seen = Set<String>()
        return extraction.candidates.compactMap { item in
            guard known.contains(item.externalURL), seen.insert(item.externalURL).inserted, !item.title.isEmpty else { return nil }
            return Candidate(
                id: "web_search:\(item.externalURL)", source: .webSearch, type: item.type, title: item.title, description: String(item.description.prefix(300)),
                priceCents: item.priceCents, currency: request.currency, merchant: item.merchantName ?? URL(string: item.externalURL)?.host,
                city: item.type == .gift ? nil : request.city, externalURL: item.externalURL, imageURL: item.imageURL,
                matchedInterest: request.interests.first { InterestWords.mentions(item.title + " " + item.description, $0) }
            )
        }
    }
}
