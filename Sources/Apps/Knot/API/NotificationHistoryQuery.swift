import Foundation
import PlatformAPI

/// The query of `GET /notifications/history`: a page by `limit` (1–100, 50) and `offset`.
public struct NotificationHistoryQuery: RouteQuery, Equatable {
    public static let limits = 1...100
    public static let offsets = 0...1_000_000

    public var limit: Int
    public var offset: Int

    public init(limit: Int = 50, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    public static let parameters: [QueryParameter] = [.integer("limit", range: limits, default: 50), .integer("offset", range: offsets, default: 0)]

    public static func read(_ query: QueryValues, _ v: inout Validator) -> NotificationHistoryQuery {
        let limit = v.queryInteger(query["limit"], "limit", default: 50, range: limits)
        return NotificationHistoryQuery(limit: limit, offset: v.queryInteger(query["offset"], "offset", default: 0, range: offsets))
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "offset", value: String(offset))] }
}
