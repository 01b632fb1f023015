import Foundation
import PlatformAPI

/// The query of `GET /gift-ideas`: the filters and the page.
public struct GiftIdeaQuery: RouteQuery, Equatable {
    public var filter: GiftIdeaFilter
    public var page: PageQuery<VibeKeeperRoutes.Pages>

    public init(filter: GiftIdeaFilter = GiftIdeaFilter(), page: PageQuery<VibeKeeperRoutes.Pages> = PageQuery()) {
        self.filter = filter
        self.page = page
    }

    public static var parameters: [QueryParameter] { GiftIdeaFilter.parameters + PageQuery<VibeKeeperRoutes.Pages>.parameters }

    /// The filters by ``GiftIdeaFilter/parse(_:_:)``, then `limit`.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> GiftIdeaQuery {
        let filter = GiftIdeaFilter.parse({ query[$0] }, &v)
        return GiftIdeaQuery(filter: filter, page: PageQuery.read(query, &v))
    }

    public var queryItems: [URLQueryItem] { filter.queryItems + page.queryItems }
}
