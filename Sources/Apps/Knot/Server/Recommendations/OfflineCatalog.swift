import Foundation
import PlatformAPI

/// The embedded, offline source: at least 9 gifts for each of the 40 interests and 7 experiences or
/// dates for each of the 8 vibes, spread over the three default budgets ($20–50, $50–150,
/// $100–500) and beyond, with prices, merchants, product categories, links and images — so a fresh
/// server with no keys gives sensible recommendations and every refresh reason still has somewhere
/// to go (`Resources/catalog.json` holds the items). Links search the merchant's own site.
public enum OfflineCatalog {
    /// A gift: price in US cents (scaled to other currencies by ``price(_:in:)``), the merchant and
    /// its site, and the product category `already_have_similar` compares ("camera", "knife").
    struct Gift: Decodable, Sendable {
        let title: String
        let description: String
        let priceCents: Int
        let merchant: String
        let site: String
        let category: String

        enum CodingKeys: String, CodingKey { case title, description, priceCents = "price_cents", merchant, site, category }
    }

    /// An experience or date, priced like ``Gift``, with its category ("spa", "cruise").
    struct Outing: Decodable, Sendable {
        let type: RecommendationType
        let title: String
        let description: String
        let priceCents: Int
        let merchant: String
        let site: String
        let category: String

        enum CodingKeys: String, CodingKey { case type, title, description, priceCents = "price_cents", merchant, site, category }
    }

    static func slug(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce(into: "") { result, character in
            if character != "-" || result.last != "-" { result.append(character) }
        }.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    static func link(_ site: String, _ title: String) -> String {
        "https://www.\(site)/search?q=\(title.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? title)"
    }

    /// US dollars → `currency` at rounded rates, so a vault budgeting in yen or rupees gets items
    /// priced in that currency's range (minor units per US cent; unknown currencies price as USD).
    static let usdRates: [String: Double] = [
        "USD": 1, "EUR": 0.92, "GBP": 0.79, "CHF": 0.88, "CAD": 1.37, "AUD": 1.52, "NZD": 1.65, "JPY": 150, "KRW": 1350, "CNY": 7.2, "HKD": 7.8,
        "SGD": 1.35, "INR": 83, "MXN": 17, "BRL": 5, "SEK": 10.5, "NOK": 10.6, "DKK": 6.9, "PLN": 4, "ZAR": 18, "AED": 3.67, "TRY": 32,
    ]

    /// A catalog price (US cents) in `currency`'s minor units, rounded to a whole unit of that
    /// currency (to tens for currencies worth under a cent, like yen and won).
    public static func price(_ usdCents: Int, in currency: String) -> Int {
        let code = currency.uppercased()
        guard let rate = usdRates[code], code != "USD" else { return usdCents }
        let digits = CurrencyUnits.digits(for: code)
        let major = Double(usdCents) / 100 * rate
        let step = rate >= 100 ? 10.0 : 1.0
        let rounded = max(step, (major / step).rounded() * step)
        return Int(rounded * pow(10, Double(digits)))
    }

    /// A picture for an item without one, chosen by its interest or vibe, so every card has an image
    /// (docs/knot.md, "API": `image_url`).
    public static func fallbackImage(for candidate: Candidate) -> String {
        let topic = candidate.matchedInterest ?? candidate.matchedVibe?.rawValue ?? candidate.productCategory
        return "https://picsum.photos/seed/knot-\(slug(topic))/600/400"
    }

    /// Catalog candidates for these interests and vibes, priced in `currency`, interleaved (each
    /// interest's and vibe's first item, then each one's second…); outings take place at the vault's
    /// location.
    public static func candidates(interests: [String], vibes: [Vibe], city: String?, state: String? = nil, country: String? = nil, currency: String) -> [Candidate] {
        var groups: [[Candidate]] = []
        for interest in interests {
            groups.append(
                (gifts[interest] ?? []).map { gift in
                    Candidate(
                        id: "catalog:gift:\(slug(gift.title))", source: .catalog, type: .gift, title: gift.title, description: gift.description,
                        priceCents: price(gift.priceCents, in: currency), currency: currency, merchant: gift.merchant, externalURL: link(gift.site, gift.title),
                        imageURL: "https://picsum.photos/seed/\(slug(gift.title))/600/400", matchedInterest: interest, category: gift.category
                    )
                })
        }
        for vibe in vibes {
            groups.append(
                (outings[vibe] ?? []).map { outing in
                    Candidate(
                        id: "catalog:\(outing.type.rawValue):\(slug(outing.title))", source: .catalog, type: outing.type, title: outing.title,
                        description: outing.description, priceCents: price(outing.priceCents, in: currency), currency: currency, merchant: outing.merchant, city: city,
                        state: state, country: country, externalURL: link(outing.site, outing.title), imageURL: "https://picsum.photos/seed/\(slug(outing.title))/600/400",
                        matchedVibe: vibe, category: outing.category
                    )
                })
        }
        // Round robin over interests and vibes, so any cut of the list covers all of them.
        var result: [Candidate] = []
        for rank in 0..<(groups.map(\.count).max() ?? 0) {
            for group in groups where rank < group.count { result.append(group[rank]) }
        }
        return result
    }
}
