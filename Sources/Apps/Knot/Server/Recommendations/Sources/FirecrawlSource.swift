import Foundation
import PlatformCore

/// Firecrawl `POST /v1/scrape` (bearer key) over curated city guides (The Infatuation, Eater) as a
/// source of dates and experiences (docs/knot.md, "How Knot picks"): each guide's markdown is parsed for venues
/// (`## Name`, `**Name** — …`, `1. [Name](url) — …`), venues are classified date/experience by
/// keywords and filtered by interests, and a city's venues are cached for 24 hours so guides are
/// crawled at most daily.
public struct FirecrawlSource: CandidateSourceProvider {
    public var name: String { "firecrawl" }
    let apiKey: String
    let baseURL: String
    let guides: [String: [String]]
    let http: SourceHTTP
    let cache: FirecrawlCache

    public static let cacheTTL: TimeInterval = 24 * 3600

    /// Curated guide pages per city (lower-cased city name).
    public static let defaultGuides: [String: [String]] = [
        "new york": ["https://www.theinfatuation.com/new-york/guides/best-new-restaurants-nyc", "https://ny.eater.com/maps/best-new-restaurants-nyc-heatmap"],
        "los angeles": ["https://www.theinfatuation.com/los-angeles/guides/best-new-restaurants-la", "https://la.eater.com/maps/best-new-restaurants-los-angeles-heatmap"],
        "san francisco": ["https://www.theinfatuation.com/san-francisco/guides/best-new-restaurants-sf", "https://sf.eater.com/maps/best-new-restaurants-san-francisco-heatmap"],
        "chicago": ["https://www.theinfatuation.com/chicago/guides/best-new-chicago-restaurants", "https://chicago.eater.com/maps/best-new-restaurants-chicago-heatmap"],
        "miami": ["https://www.theinfatuation.com/miami/guides/best-new-miami-restaurants", "https://miami.eater.com/maps/best-new-restaurants-miami-heatmap"],
        "london": ["https://www.theinfatuation.com/london/guides/best-new-london-restaurants", "https://london.eater.com/maps/best-new-restaurants-london-heatmap"],
        "paris": ["https://www.theinfatuation.com/paris/guides/best-restaurants-paris"],
    ]

    public init(apiKey: String, baseURL: String = "https://api.firecrawl.dev", guides: [String: [String]] = FirecrawlSource.defaultGuides, clock: any TimeSource) {
        self.init(apiKey: apiKey, baseURL: baseURL, guides: guides, http: SourceHTTP(timeout: .seconds(30)), now: { clock.now() })
    }

    init(apiKey: String, baseURL: String, guides: [String: [String]], http: SourceHTTP, now: @escaping @Sendable () -> Date) {
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.guides = guides
        self.http = http
        self.cache = FirecrawlCache(now: now)
    }

    /// Guide URLs for `city`: exact (case-insensitive) match, else a known city inside the name.
    func guideURLs(for city: String) -> (key: String, urls: [String])? {
        let key = city.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return nil }
        if let urls = guides[key] { return (key, urls) }
        guard let match = guides.keys.filter({ key.contains($0) }).max(by: { $0.count < $1.count }) else { return nil }
        return (match, guides[match]!)
    }

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        guard let city = request.city, let (key, urls) = guideURLs(for: city) else { return [] }
        let venues: [GuideVenue]
        if let cached = await cache.venues(for: key) {
            venues = cached
        } else {
            var scraped: [GuideVenue] = []
            for url in urls {
                let body = try JSONSerialization.data(withJSONObject: ["url": url, "formats": ["markdown"], "onlyMainContent": true], options: [.sortedKeys])
                let json = try await http.postJSON(baseURL + "/v1/scrape", headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(apiKey)")], body: body)
                guard (json["success"] as? Bool) == true, let markdown = (json["data"] as? [String: Any])?["markdown"] as? String else {
                    throw SourceHTTP.Failure(description: "Firecrawl could not scrape \(url): \(json["error"] as? String ?? "no markdown")")
                }
                scraped += Self.extractVenues(markdown, guideURL: url).filter { venue in !scraped.contains { $0.name.lowercased() == venue.name.lowercased() } }
            }
            await cache.store(scraped, for: key)
            venues = scraped
        }
        let currency = CountryCurrency.code(for: request.country)
        return Self.filter(venues, interests: request.interests).map { venue in
            let interest = request.interests.first { InterestWords.mentions(venue.text, $0) }
            return Candidate(
                id: "firecrawl:\(key)|\(venue.name.lowercased())", source: .firecrawl, type: Self.classify(venue.text),
                title: venue.name, description: venue.description, priceCents: nil, currency: currency,
                merchant: venue.name, city: city, externalURL: venue.url, imageURL: nil, matchedInterest: interest
            )
        }
    }

    // MARK: Markdown

    /// One venue read from a guide.
    struct GuideVenue: Sendable, Equatable {
        var name: String
        var description: String
        var url: String
        var text: String { name + " " + description }
    }

    /// Venues in a guide's markdown, in page order, each name once.
    static func extractVenues(_ markdown: String, guideURL: String) -> [GuideVenue] {
        let lines = markdown.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var venues: [GuideVenue] = []
        var seen = Set<String>()
        func add(_ name: String, _ rest: String, _ block: String) {
            let clean = stripMarkdown(name).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "#*_:—–-")))
            guard clean.count >= 3, seen.insert(clean.lowercased()).inserted else { return }
            venues.append(GuideVenue(name: clean, description: description(rest), url: firstURL(block) ?? guideURL))
        }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                // Header: the description is the next non-empty, non-header paragraph.
                let name = line.drop { $0 == "#" || $0 == " " }
                let paragraph = lines[(index + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty && !$0.hasPrefix("#") }
                let following = paragraph.joined(separator: " ")
                add(String(name), following, String(name) + " " + following)
            } else if line.hasPrefix("**"), let close = line.dropFirst(2).range(of: "**") {
                let name = String(line[line.index(line.startIndex, offsetBy: 2)..<close.lowerBound])
                add(name, String(line[close.upperBound...]), line)
            } else if let dot = line.firstIndex(of: "."), line[..<dot].allSatisfy(\.isNumber), !line[..<dot].isEmpty {
                let item = line[line.index(after: dot)...].trimmingCharacters(in: .whitespaces)
                guard item.hasPrefix("["), let close = item.range(of: "]("), let end = item[close.upperBound...].firstIndex(of: ")") else { continue }
                let name = String(item[item.index(after: item.startIndex)..<close.lowerBound])
                add(name, String(item[item.index(after: end)...]), item)
            }
        }
        return venues
    }

    /// The first two sentences of `text` without markdown, at most 300 characters.
    static func description(_ text: String) -> String {
        let plain = stripMarkdown(text).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "—–-:| ")))
        var sentences: [String] = []
        var current = ""
        for character in plain {
            current.append(character)
            if ".!?".contains(character) { sentences.append(current.trimmingCharacters(in: .whitespaces)); current = "" }
            if sentences.count == 2 { break }
        }
        if sentences.count < 2, !current.trimmingCharacters(in: .whitespaces).isEmpty { sentences.append(current.trimmingCharacters(in: .whitespaces)) }
        return String(sentences.joined(separator: " ").prefix(300))
    }

    /// `[text](url)` → `text`, emphasis and header marks removed.
    static func stripMarkdown(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.range(of: "]("), let end = after[close.upperBound...].firstIndex(of: ")") {
                result += after[..<close.lowerBound]
                rest = after[after.index(after: end)...]
            } else {
                result += "["
                rest = after
            }
        }
        result += rest
        return result.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "").replacingOccurrences(of: "#", with: "")
    }

    /// The first http(s) URL in a markdown block.
    static func firstURL(_ block: String) -> String? {
        guard let start = block.range(of: "https://") ?? block.range(of: "http://") else { return nil }
        let url = block[start.lowerBound...].prefix { !$0.isWhitespace && $0 != ")" && $0 != "]" && $0 != "\"" }
        return String(url)
    }

    static let dateKeywords = [
        "restaurant", "bar", "wine", "cocktail", "dinner", "bistro", "brasserie", "trattoria", "tasting", "omakase", "dining", "cafe", "brunch", "speakeasy",
    ]
    static let experienceKeywords = ["museum", "tour", "concert", "gallery", "park", "show", "class", "theater", "theatre", "market", "garden", "workshop", "festival"]

    /// `date` when the text has more dining words than activity words; ties are experiences.
    static func classify(_ text: String) -> RecommendationType {
        let words = text.lowercased()
        let dates = dateKeywords.filter { words.contains($0) }.count
        let experiences = experienceKeywords.filter { words.contains($0) }.count
        return dates > experiences ? .date : .experience
    }

    /// Venues mentioning an interest first (by number of interests mentioned); all of them when none do.
    static func filter(_ venues: [GuideVenue], interests: [String]) -> [GuideVenue] {
        let scored = venues.enumerated().map { index, venue in (venue: venue, index: index, score: interests.filter { InterestWords.mentions(venue.text, $0) }.count) }
        guard scored.contains(where: { $0.score > 0 }) else { return venues }
        return scored.filter { $0.score > 0 }.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }.map(\.venue)
    }
}
