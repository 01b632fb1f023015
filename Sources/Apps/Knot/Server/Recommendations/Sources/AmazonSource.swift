import AWSSigning
import Foundation
import PlatformCore

/// Amazon Product Advertising API 5 `SearchItems` (AWS SigV4-signed POST) as a source of gifts:
/// interests map to Amazon search indexes, the budget to `MinPrice`/`MaxPrice` in cents, listing
/// prices (dollars) back to cents, and every product URL carries the Associates tag so a purchase
/// is attributed (docs/knot.md, "How Knot picks").
public struct AmazonSource: CandidateSourceProvider {
    public var name: String { "amazon" }
    let accessKey: String
    let secretKey: String
    let partnerTag: String
    let baseURL: String
    let region: String
    let marketplace: String
    let http: SourceHTTP
    let now: @Sendable () -> Date

    public static let target = "com.amazon.paapi5.v1.ProductAdvertisingAPIv1.SearchItems"
    static let path = "/paapi5/searchitems"
    /// Interests searched per request (PA-API allows one search index per call and ~1 call/s).
    static let interestsPerRequest = 2

    public init(
        accessKey: String, secretKey: String, partnerTag: String, baseURL: String = "https://webservices.amazon.com", region: String = "us-east-1",
        marketplace: String = "www.amazon.com", clock: any TimeSource
    ) {
        self.init(
            accessKey: accessKey, secretKey: secretKey, partnerTag: partnerTag, baseURL: baseURL, region: region, marketplace: marketplace, http: SourceHTTP(),
            now: { clock.now() })
    }

    init(accessKey: String, secretKey: String, partnerTag: String, baseURL: String, region: String, marketplace: String, http: SourceHTTP, now: @escaping @Sendable () -> Date) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.partnerTag = partnerTag
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.region = region
        self.marketplace = marketplace
        self.http = http
        self.now = now
    }

    /// All 40 interests → PA-API 5 search index (US marketplace names); anything else searches `All`.
    static let interestSearchIndex: [String: String] = [
        "Travel": "Luggage", "Cooking": "HomeAndKitchen", "Movies": "MoviesAndTV", "Music": "Music", "Reading": "Books",
        "Sports": "SportsAndOutdoors", "Gaming": "VideoGames", "Art": "ArtsAndCrafts", "Photography": "Electronics", "Fitness": "SportsAndOutdoors",
        "Fashion": "Fashion", "Technology": "Electronics", "Nature": "GardenAndOutdoor", "Food": "GroceryAndGourmetFood", "Coffee": "GroceryAndGourmetFood",
        "Wine": "HomeAndKitchen", "Dancing": "SportsAndOutdoors", "Theater": "Books", "Concerts": "Music", "Museums": "Books",
        "Shopping": "Fashion", "Yoga": "SportsAndOutdoors", "Hiking": "SportsAndOutdoors", "Beach": "SportsAndOutdoors", "Pets": "PetSupplies",
        "Cars": "Automotive", "DIY": "ToolsAndHomeImprovement", "Gardening": "GardenAndOutdoor", "Meditation": "HealthPersonalCare", "Podcasts": "Electronics",
        "Baking": "HomeAndKitchen", "Camping": "SportsAndOutdoors", "Cycling": "SportsAndOutdoors", "Running": "SportsAndOutdoors", "Swimming": "SportsAndOutdoors",
        "Skiing": "SportsAndOutdoors", "Surfing": "SportsAndOutdoors", "Painting": "ArtsAndCrafts", "Board Games": "ToysAndGames", "Karaoke": "Electronics",
    ]

    static func searchIndex(for interest: String) -> String { interestSearchIndex[interest] ?? "All" }

    /// `url` with `tag=<partnerTag>`: added when missing, replaced when another tag is there.
    static func affiliateURL(_ url: String, tag: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        var items = (components.queryItems ?? []).filter { $0.name != "tag" }
        items.append(URLQueryItem(name: "tag", value: tag))
        components.queryItems = items
        return components.string ?? url
    }

    /// The SearchItems payload for one interest.
    func payload(interest: String, request: SourceRequest) throws -> Data {
        var body: [String: Any] = [
            "Keywords": "\(interest) gifts",
            "SearchIndex": Self.searchIndex(for: interest),
            "ItemCount": 10,
            "PartnerTag": partnerTag,
            "PartnerType": "Associates",
            "Marketplace": marketplace,
            "Resources": ["Images.Primary.Large", "ItemInfo.Title", "ItemInfo.ByLineInfo", "ItemInfo.Features", "Offers.Listings.Price"],
        ]
        if request.budgetMin > 0 { body["MinPrice"] = request.budgetMin }
        if request.budgetMax > 0 { body["MaxPrice"] = request.budgetMax }
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        guard let url = URL(string: baseURL + Self.path), let host = url.host else { throw SourceHTTP.Failure(description: "bad Amazon base URL \(baseURL)") }
        let hostHeader = url.port.map { "\(host):\($0)" } ?? host
        let signer = AWSSigV4(accessKey: accessKey, secretKey: secretKey, region: region, service: "ProductAdvertisingAPI")
        // Signed as PA-API's own clients sign: content-encoding, host, x-amz-date, x-amz-target.
        let signedHeaders = ["host": hostHeader, "content-encoding": "amz-1.0", "x-amz-target": Self.target]
        let fixed = [
            ("host", hostHeader), ("content-encoding", "amz-1.0"),
            ("content-type", "application/json; charset=utf-8"), ("x-amz-target", Self.target),
        ]
        var found: [Candidate] = []
        for interest in request.interests.prefix(Self.interestsPerRequest) {
            let body = try payload(interest: interest, request: request)
            let now = self.now
            let json = try await http.postJSON(baseURL + Self.path, headers: fixed, body: body) {
                signer.sign(method: "POST", path: Self.path, headers: signedHeaders, payload: body, date: now())
            }
            if let errors = json["Errors"] as? [[String: Any]], !errors.isEmpty, json["SearchResult"] == nil {
                // "NoResults" is an empty answer, anything else a failure of the source.
                if errors.contains(where: { ($0["Code"] as? String) == "NoResults" }) { continue }
                throw SourceHTTP.Failure(description: "PA-API: \(errors.compactMap { $0["Message"] as? String }.joined(separator: "; "))")
            }
            let items = (json["SearchResult"] as? [String: Any])?["Items"] as? [[String: Any]] ?? []
            found += items.compactMap { Self.candidate($0, interest: interest, tag: partnerTag, request: request) }
        }
        return found
    }

    static func candidate(_ item: [String: Any], interest: String, tag: String, request: SourceRequest) -> Candidate? {
        let info = item["ItemInfo"] as? [String: Any]
        guard let asin = item["ASIN"] as? String,
            let title = ((info?["Title"] as? [String: Any])?["DisplayValue"] as? String),
            let page = item["DetailPageURL"] as? String
        else { return nil }
        let brand = (((info?["ByLineInfo"] as? [String: Any])?["Brand"] as? [String: Any])?["DisplayValue"] as? String)
        let features = ((info?["Features"] as? [String: Any])?["DisplayValues"] as? [String]) ?? []
        let image = (((item["Images"] as? [String: Any])?["Primary"] as? [String: Any])?["Large"] as? [String: Any])?["URL"] as? String
        let price = (((item["Offers"] as? [String: Any])?["Listings"] as? [[String: Any]])?.first?["Price"] as? [String: Any])
        let description = features.first.map { String($0.prefix(300)) } ?? brand.map { "By \($0)" } ?? ""
        let currency = price?["Currency"] as? String ?? CountryCurrency.code(for: request.country)
        return Candidate(
            id: "amazon:\(asin)", source: .amazon, type: .gift, title: title, description: description,
            priceCents: MoneyCents.cents(price?["Amount"], currency: currency), currency: currency,
            merchant: brand ?? "Amazon", externalURL: affiliateURL(page, tag: tag), imageURL: image, matchedInterest: interest
        )
    }
}
