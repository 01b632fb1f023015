import Foundation
import PlatformAPI

/// The query of `GET /hints/search`: the text and how many hints at most.
public struct HintSearchQuery: RouteQuery, Equatable {
    public static let defaultLimit = 10
    public static let limits = 1...50

    public var q: String
    public var limit: Int

    public init(q: String, limit: Int = defaultLimit) {
        self.q = q
        self.limit = limit
    }

    public static let parameters: [QueryParameter] = [QueryParameter("q", required: true), .integer("limit", range: limits, default: defaultLimit)]

    /// `q` trimmed, not blank, at most ``KnotCatalog/maxHintLength`` characters; `limit` 1–50 (10).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> HintSearchQuery {
        let q = v.requireText(query["q"], "q", maxLength: KnotCatalog.maxHintLength)
        return HintSearchQuery(q: q ?? "", limit: v.queryInteger(query["limit"], "limit", default: defaultLimit, range: limits))
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: q), URLQueryItem(name: "limit", value: String(limit))] }
}
