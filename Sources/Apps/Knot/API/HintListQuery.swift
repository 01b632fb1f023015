import Foundation
import PlatformAPI

/// The query of `GET /hints`: the page (`limit` 1–100, 50; the `cursor` a page handed out) and the
/// documented `offset`, hints skipped after the cursor.
public struct HintListQuery: RouteQuery, Equatable {
    /// The hint list's page sizes.
    public enum Pages: PageSize {
        public static let defaultLimit = 50
        public static let maxLimit = 100
    }

    public static let offsets = 0...1_000_000

    public var page: PageQuery<Pages>
    public var offset: Int

    public init(page: PageQuery<Pages> = PageQuery(), offset: Int = 0) {
        self.page = page
        self.offset = offset
    }

    public static let parameters: [QueryParameter] = [
        .integer("limit", range: 1...Pages.maxLimit, default: Pages.defaultLimit), QueryParameter("cursor"), .integer("offset", range: offsets, default: 0),
    ]

    public static func read(_ query: QueryValues, _ v: inout Validator) -> HintListQuery {
        let page = PageQuery<Pages>.read(query, &v)
        return HintListQuery(page: page, offset: v.queryInteger(query["offset"], "offset", default: 0, range: offsets))
    }

    public var queryItems: [URLQueryItem] { page.queryItems + (offset == 0 ? [] : [URLQueryItem(name: "offset", value: String(offset))]) }
}
