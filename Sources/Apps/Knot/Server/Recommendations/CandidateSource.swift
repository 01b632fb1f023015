import Foundation

/// Where a candidate came from, which decides which duplicate wins (docs/knot.md, "How Knot picks").
public enum CandidateSource: String, CaseIterable, Codable, Sendable {
    case opentable, resy, firecrawl, yelp, ticketmaster, amazon, shopify, webSearch = "web_search", catalog

    /// Higher wins a `merchant|city` tie (docs/knot.md, "How Knot picks"): web search (6), booking sources,
    /// then curated guides, then reviews, then events and shops; the offline catalog last.
    public var priority: Int {
        switch self {
        case .webSearch: 6
        case .opentable, .resy: 5
        case .firecrawl: 4
        case .yelp: 3
        case .ticketmaster: 2
        case .amazon, .shopify: 1
        case .catalog: 0
        }
    }
}
