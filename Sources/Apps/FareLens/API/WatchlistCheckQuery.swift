import Foundation
import PlatformAPI

/// The query of `GET /watchlist/check`: the watchlists to check, in the order to answer them
/// (``WatchlistCheckIDs/check(_:)``).
public struct WatchlistCheckQuery: RouteQuery, Equatable {
    public var ids: [WatchlistID]

    public init(ids: [WatchlistID]) {
        self.ids = ids
    }

    public static let parameters: [QueryParameter] = [QueryParameter("ids", required: true)]

    public static func read(_ query: QueryValues, _ v: inout Validator) -> WatchlistCheckQuery {
        let checked = WatchlistCheckIDs.check(query["ids"])
        for problem in checked.problems { v.fail(problem.field, problem.message) }
        return WatchlistCheckQuery(ids: checked.value ?? [])
    }

    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "ids", value: ids.map(\.description).joined(separator: ","))] }
}
