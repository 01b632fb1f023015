import Foundation
import PlatformAPI

/// The query of `GET /search`: the text, the idea filters and how many results.
public struct IdeaSearchQuery: RouteQuery, Equatable {
    public static let defaultLimit = 20
    public static let limits = 1...50

    /// The text searched for, also the filters' `q`.
    public var text: String
    public var filter: GiftIdeaFilter
    public var limit: Int

    public init(text: String, filter: GiftIdeaFilter = GiftIdeaFilter(), limit: Int = defaultLimit) {
        self.text = text
        self.filter = filter
        self.limit = limit
    }

    public static let parameters: [QueryParameter] =
        [QueryParameter("q", required: true)] + GiftIdeaFilter.parameters.filter { $0.name != "q" } + [.integer("limit", range: limits, default: defaultLimit)]

    /// The filters by ``GiftIdeaFilter/parse(_:_:)``; `q` trimmed, not blank, at most
    /// ``VibeKeeperRules/maxFilterTextLength`` characters; `limit` 1–50 (20).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> IdeaSearchQuery {
        let filter = GiftIdeaFilter.parse({ query[$0] }, &v)
        let text = v.requireText(query["q"], "q", maxLength: VibeKeeperRules.maxFilterTextLength)
        let limit = v.queryInteger(query["limit"], "limit", default: defaultLimit, range: limits)
        return IdeaSearchQuery(text: text ?? "", filter: filter, limit: limit)
    }

    public var queryItems: [URLQueryItem] {
        var scoped = filter
        scoped.query = text
        return scoped.queryItems + [URLQueryItem(name: "limit", value: String(limit))]
    }
}
