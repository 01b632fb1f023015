import Foundation
import PlatformAPI

/// The query of `GET /deals`: the feed's filters and the page.
public struct DealFeedQuery: RouteQuery, Equatable {
    public var filter: DealFeedFilter
    public var page: PageQuery<FareLensRoutes.DealPages>

    public init(filter: DealFeedFilter = DealFeedFilter(), page: PageQuery<FareLensRoutes.DealPages> = PageQuery()) {
        self.filter = filter
        self.page = page
    }

    public static var parameters: [QueryParameter] { DealFeedFilter.parameters + PageQuery<FareLensRoutes.DealPages>.parameters }

    /// The filters by ``DealFeedFilter/read(_:_:)``, then the page.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> DealFeedQuery {
        DealFeedQuery(filter: DealFeedFilter.read(query, &v), page: PageQuery.read(query, &v))
    }

    public var queryItems: [URLQueryItem] { filter.queryItems + page.queryItems }
}
