import Foundation
import PlatformAPI

/// The query of `GET /gift-ideas/{id}/related`: how many related ideas at most.
public struct RelatedIdeasQuery: RouteQuery, Equatable {
    public static let defaultLimit = 5
    public static let limits = 1...20

    public var limit: Int

    public init(limit: Int = defaultLimit) {
        self.limit = limit
    }

    public static let parameters: [QueryParameter] = [.integer("limit", range: limits, default: defaultLimit)]

    /// `limit` 1–20 (5).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> RelatedIdeasQuery {
        RelatedIdeasQuery(limit: v.queryInteger(query["limit"], "limit", default: defaultLimit, range: limits))
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "limit", value: String(limit))] }
}
