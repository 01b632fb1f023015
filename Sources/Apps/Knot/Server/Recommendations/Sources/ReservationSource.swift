import Foundation
import PlatformCore

/// OpenTable and Resy booking links as a source of dates (docs/knot.md, "How Knot picks"): neither offers a
/// public availability API, so this builds their search URLs for a table for two next Saturday
/// evening, by cuisine (from the food interests) and city, with time slots around 19:00. No HTTP
/// here; the availability stage checks the links like any other.
public struct ReservationSource: CandidateSourceProvider {
    public var name: String { "reservations" }
    let openTableBaseURL: String
    let resyBaseURL: String
    let openTableAffiliateID: String?
    let partySize: Int
    let now: @Sendable () -> Date

    public init(
        openTableBaseURL: String = "https://www.opentable.com", resyBaseURL: String = "https://resy.com", openTableAffiliateID: String? = nil, partySize: Int = 2,
        clock: any TimeSource
    ) {
        self.init(openTableBaseURL: openTableBaseURL, resyBaseURL: resyBaseURL, openTableAffiliateID: openTableAffiliateID, partySize: partySize, now: { clock.now() })
    }

    init(openTableBaseURL: String, resyBaseURL: String, openTableAffiliateID: String?, partySize: Int, now: @escaping @Sendable () -> Date) {
        self.openTableBaseURL = openTableBaseURL.hasSuffix("/") ? String(openTableBaseURL.dropLast()) : openTableBaseURL
        self.resyBaseURL = resyBaseURL.hasSuffix("/") ? String(resyBaseURL.dropLast()) : resyBaseURL
        self.openTableAffiliateID = openTableAffiliateID.flatMap { $0.isEmpty ? nil : $0 }
        self.partySize = partySize
        self.now = now
    }

    /// The five food interests → cuisine search term.
    static let interestCuisine: [String: String] = ["Food": "Tasting Menu", "Cooking": "Italian", "Wine": "Wine Bar", "Baking": "French", "Coffee": "Brunch"]

    /// Estimated cost per person in cents, for budget filtering (two people book a table for two).
    static let cuisinePricePerPerson: [String: Int] = ["Tasting Menu": 12500, "Italian": 5000, "Wine Bar": 4000, "French": 7000, "Brunch": 3000, "Dinner": 5000]

    /// City (lower-cased, with common abbreviations) → Resy's city path segment; Resy only covers these.
    static let resyCitySlugs: [String: String] = [
        "new york": "new-york-ny", "nyc": "new-york-ny", "brooklyn": "new-york-ny", "manhattan": "new-york-ny",
        "los angeles": "los-angeles-ca", "la": "los-angeles-ca", "san francisco": "san-francisco-ca", "sf": "san-francisco-ca",
        "chicago": "chicago-il", "miami": "miami-fl", "miami beach": "miami-fl", "austin": "austin-tx", "dallas": "dallas-tx",
        "houston": "houston-tx", "washington": "washington-dc", "washington dc": "washington-dc", "dc": "washington-dc",
        "boston": "boston-ma", "nashville": "nashville-tn", "atlanta": "atlanta-ga", "seattle": "seattle-wa",
        "denver": "denver-co", "philadelphia": "philadelphia-pa", "new orleans": "new-orleans-la", "london": "london-england",
    ]

    /// Resy's slug for `city`: exact (case-insensitive) match first, then a known city inside the name
    /// ("New York City" → new-york-ny); nil where Resy does not operate.
    static func resySlug(for city: String) -> String? {
        let key = city.trimmingCharacters(in: .whitespaces).lowercased()
        if let slug = resyCitySlugs[key] { return slug }
        return resyCitySlugs.keys.filter { $0.count > 2 && key.contains($0) }.max { $0.count < $1.count }.flatMap { resyCitySlugs[$0] }
    }

    /// Evening slots (17:30–21:00 every 30 min) closest to `preferred`, returned in time order.
    static let defaultSlots = ["17:30", "18:00", "18:30", "19:00", "19:30", "20:00", "20:30", "21:00"]
    static func timeSlots(around preferred: String = "19:00", count: Int = 3) -> [String] {
        guard let center = defaultSlots.firstIndex(of: preferred) else { return Array(defaultSlots.prefix(count)) }
        let start = max(0, min(center - count / 2, defaultSlots.count - count))
        return Array(defaultSlots[start..<(start + count)])
    }

    /// The next Saturday strictly after `date` (UTC calendar), as `yyyy-MM-dd`.
    static func nextSaturday(after date: Date) -> String {
        let calendar = LocalDate.utcCalendar
        let weekday = calendar.component(.weekday, from: date)  // 1 = Sunday … 7 = Saturday
        let days = weekday == 7 ? 7 : 7 - weekday
        let saturday = calendar.date(byAdding: .day, value: days, to: date)!
        let parts = calendar.dateComponents([.year, .month, .day], from: saturday)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// `https://www.opentable.com/s?covers=2&dateTime=2026-11-28T19:00&term=Italian&near=Austin, TX[&ref=ID]` (percent-encoded).
    func openTableURL(term: String, near: String, date: String, time: String) -> String {
        var components = URLComponents(string: openTableBaseURL + "/s")!
        components.queryItems =
            [
                URLQueryItem(name: "covers", value: String(partySize)),
                URLQueryItem(name: "dateTime", value: "\(date)T\(time)"),
                URLQueryItem(name: "term", value: term),
                URLQueryItem(name: "near", value: near),
            ] + (openTableAffiliateID.map { [URLQueryItem(name: "ref", value: $0)] } ?? [])
        return Self.strictlyEncoded(components)
    }

    /// `https://resy.com/cities/austin-tx/search?date=2026-11-28&seats=2&query=Italian`.
    func resyURL(slug: String, term: String, date: String) -> String {
        var components = URLComponents(string: resyBaseURL + "/cities/\(slug)/search")!
        components.queryItems = [URLQueryItem(name: "date", value: date), URLQueryItem(name: "seats", value: String(partySize)), URLQueryItem(name: "query", value: term)]
        return Self.strictlyEncoded(components)
    }

    /// Query values with `:`, `,` and `+` percent-encoded too, as browsers send them.
    static func strictlyEncoded(_ components: URLComponents) -> String {
        var copy = components
        copy.percentEncodedQuery = copy.percentEncodedQuery?
            .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: "+", with: "%2B")
        return copy.string!
    }

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        guard let city = request.city, !city.isEmpty else { return [] }
        let near = [city, request.state].compactMap { $0 }.joined(separator: ", ")
        var seen = Set<String>()
        var cuisines = request.interests.compactMap { Self.interestCuisine[$0] }.filter { seen.insert($0).inserted }
        if cuisines.isEmpty { cuisines = ["Dinner"] }
        let date = Self.nextSaturday(after: now())
        let slots = Self.timeSlots()
        let currency = CountryCurrency.code(for: request.country)
        var found: [Candidate] = []
        for cuisine in cuisines {
            let price = (Self.cuisinePricePerPerson[cuisine] ?? 5000) * partySize
            let interest = request.interests.first { Self.interestCuisine[$0] == cuisine }
            let label = cuisine == "Dinner" ? "Dinner" : "\(cuisine) dinner"
            for slot in slots {
                found.append(
                    Candidate(
                        id: "opentable:\(city.lowercased())|\(cuisine.lowercased())|\(date)T\(slot)", source: .opentable, type: .date,
                        title: "\(label) for \(partySize) in \(city), Saturday \(slot)",
                        description: "Reserve a table for \(partySize) on \(date) at \(slot) through OpenTable.",
                        priceCents: price, currency: currency, merchant: "OpenTable", city: city,
                        externalURL: openTableURL(term: cuisine, near: near, date: date, time: slot), imageURL: nil,
                        matchedInterest: interest
                    ))
            }
            if let slug = Self.resySlug(for: city) {
                found.append(
                    Candidate(
                        id: "resy:\(slug)|\(cuisine.lowercased())|\(date)", source: .resy, type: .date,
                        title: "\(label) for \(partySize) in \(city) on Resy, Saturday evening",
                        description: "Tables for \(partySize) on \(date) around \(slots.joined(separator: ", ")) on Resy.",
                        priceCents: price, currency: currency, merchant: "Resy", city: city,
                        externalURL: resyURL(slug: slug, term: cuisine, date: date), imageURL: nil,
                        matchedInterest: interest
                    ))
            }
        }
        return found
    }
}
