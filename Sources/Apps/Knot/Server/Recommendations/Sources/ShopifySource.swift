import Foundation

/// Shopify Storefront API (GraphQL, `X-Shopify-Storefront-Access-Token`) as a source of gifts from a
/// partner store: interests become a `products(query:)` search, unavailable products are dropped,
/// `minVariantPrice` (a decimal string) becomes cents in the store's currency (docs/knot.md, "How Knot picks").
public struct ShopifySource: CandidateSourceProvider {
    public var name: String { "shopify" }
    let storefrontToken: String
    let storeURL: String
    let apiVersion: String
    let http: SourceHTTP

    public init(storefrontToken: String, storeDomain: String, apiVersion: String = "2025-01") {
        self.init(storefrontToken: storefrontToken, storeDomain: storeDomain, apiVersion: apiVersion, http: SourceHTTP())
    }

    init(storefrontToken: String, storeDomain: String, apiVersion: String, http: SourceHTTP) {
        self.storefrontToken = storefrontToken
        self.storeURL = Self.storeURL(storeDomain)
        self.apiVersion = apiVersion
        self.http = http
    }

    /// `shop.myshopify.com`, `https://shop.myshopify.com/` and ` http://127.0.0.1:8080 ` all become a
    /// scheme-qualified origin without a trailing slash (bare domains get https).
    static func storeURL(_ domain: String) -> String {
        var value = domain.trimmingCharacters(in: .whitespacesAndNewlines)
        while value.hasSuffix("/") { value.removeLast() }
        return value.hasPrefix("http://") || value.hasPrefix("https://") ? value : "https://" + value
    }

    var endpoint: String { "\(storeURL)/api/\(apiVersion)/graphql.json" }

    /// All 40 interests → Shopify search terms (product words shops actually use).
    static let interestKeywords: [String: [String]] = [
        "Travel": ["travel", "luggage"], "Cooking": ["kitchen", "cookware"], "Movies": ["movie", "film"], "Music": ["vinyl", "music"],
        "Reading": ["book", "bookmark"], "Sports": ["sports", "jersey"], "Gaming": ["gaming", "controller"], "Art": ["art print", "art"],
        "Photography": ["camera", "photography"], "Fitness": ["fitness", "workout"], "Fashion": ["fashion", "accessories"], "Technology": ["tech", "gadget"],
        "Nature": ["botanical", "nature"], "Food": ["gourmet", "snacks"], "Coffee": ["coffee", "mug"], "Wine": ["wine", "glassware"],
        "Dancing": ["dance", "dancewear"], "Theater": ["theater", "broadway"], "Concerts": ["band tee", "music"], "Museums": ["museum", "art book"],
        "Shopping": ["gift card", "tote"], "Yoga": ["yoga", "yoga mat"], "Hiking": ["hiking", "trail"], "Beach": ["beach", "towel"],
        "Pets": ["pet", "dog"], "Cars": ["car", "automotive"], "DIY": ["tools", "diy kit"], "Gardening": ["garden", "planter"],
        "Meditation": ["meditation", "incense"], "Podcasts": ["headphones", "microphone"], "Baking": ["baking", "bakeware"], "Camping": ["camping", "lantern"],
        "Cycling": ["cycling", "bike"], "Running": ["running", "runner"], "Swimming": ["swim", "swimwear"], "Skiing": ["ski", "goggles"],
        "Surfing": ["surf", "surfboard"], "Painting": ["paint", "canvas"], "Board Games": ["board game", "puzzle"], "Karaoke": ["karaoke", "microphone"],
    ]

    /// The Storefront search string: the interests' terms OR-ed, available products only.
    static func searchQuery(interests: [String]) -> String? {
        var seen = Set<String>()
        let terms = interests.flatMap { interestKeywords[$0] ?? [] }.filter { seen.insert($0).inserted }
        guard !terms.isEmpty else { return nil }
        let quoted = terms.map { $0.contains(" ") ? "\"\($0)\"" : $0 }
        return "(\(quoted.joined(separator: " OR "))) AND available_for_sale:true"
    }

    static let productsQuery = """
        query Products($first: Int!, $query: String!) {
          products(first: $first, query: $query) {
            edges { node { id title handle description vendor productType onlineStoreUrl availableForSale
              featuredImage { url }
              priceRange { minVariantPrice { amount currencyCode } } } }
          }
        }
        """

    public func candidates(for request: SourceRequest) async throws -> [Candidate] {
        guard let query = Self.searchQuery(interests: request.interests) else { return [] }
        let body = try JSONSerialization.data(withJSONObject: ["query": Self.productsQuery, "variables": ["first": 20, "query": query]], options: [.sortedKeys])
        let json = try await http.postJSON(endpoint, headers: [("Content-Type", "application/json"), ("X-Shopify-Storefront-Access-Token", storefrontToken)], body: body)
        if let errors = json["errors"] as? [[String: Any]], !errors.isEmpty {
            throw SourceHTTP.Failure(description: "Shopify GraphQL: \(errors.compactMap { $0["message"] as? String }.joined(separator: "; "))")
        }
        let edges = (((json["data"] as? [String: Any])?["products"] as? [String: Any])?["edges"] as? [[String: Any]]) ?? []
        let fallbackCurrency = CountryCurrency.code(for: request.country)
        return edges.compactMap { edge in
            guard let node = edge["node"] as? [String: Any], let id = node["id"] as? String, let title = node["title"] as? String else { return nil }
            if (node["availableForSale"] as? Bool) == false { return nil }
            let price = (node["priceRange"] as? [String: Any])?["minVariantPrice"] as? [String: Any]
            let handle = node["handle"] as? String
            let url = (node["onlineStoreUrl"] as? String) ?? handle.map { "\(storeURL)/products/\($0)" }
            let text = ((node["description"] as? String) ?? "") + " " + ((node["productType"] as? String) ?? "") + " " + title
            let interest = request.interests.first { interest in
                (Self.interestKeywords[interest] ?? []).contains { text.lowercased().contains($0) }
            }
            let currency = price?["currencyCode"] as? String ?? fallbackCurrency
            return Candidate(
                id: "shopify:\(id)", source: .shopify, type: .gift, title: title,
                description: String(((node["description"] as? String) ?? "").prefix(300)),
                priceCents: MoneyCents.cents(price?["amount"], currency: currency), currency: currency,
                merchant: (node["vendor"] as? String).flatMap { $0.isEmpty ? nil : $0 }, externalURL: url,
                imageURL: (node["featuredImage"] as? [String: Any])?["url"] as? String, matchedInterest: interest
            )
        }
    }
}
