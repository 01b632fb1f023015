import Foundation

/// The query of a list that pages and takes nothing else: `limit` (1–``PageSize/maxLimit``,
/// ``PageSize/defaultLimit`` when absent) and the opaque `cursor` a previous page handed out in
/// `X-Next-Cursor` (the server refuses any cursor not issued to the caller for this list).
public struct PageQuery<Size: PageSize>: RouteQuery, Equatable {
    public var limit: Int
    /// The cursor as sent; nil (or empty) for the first page.
    public var cursor: String?

    public init(limit: Int = Size.defaultLimit, cursor: String? = nil) {
        self.limit = limit
        self.cursor = cursor
    }

    /// `limit` and `cursor`, as every paged list declares them.
    public static var pageParameters: [QueryParameter] {
        [
            .integer("limit", range: 1...Size.maxLimit, default: Size.defaultLimit),
            QueryParameter(
                "cursor", schema: .object(["type": .string("string")]),
                description: "X-Next-Cursor of the previous page, as issued to this account (any other cursor is a 422)"),
        ]
    }

    public static var parameters: [QueryParameter] { pageParameters }

    /// The page a query asks for, what is wrong with `limit` recorded in `v` (also inside the read
    /// of a query that pages and filters).
    public static func read(_ query: QueryValues, _ v: inout Validator) -> PageQuery {
        let limit = v.queryInteger(query["limit"], "limit", default: Size.defaultLimit, range: 1...Size.maxLimit)
        let cursor = query["cursor"].flatMap { $0.isEmpty ? nil : $0 }
        return PageQuery(limit: limit, cursor: cursor)
    }

    public var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "limit", value: String(limit))] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
    }
}
