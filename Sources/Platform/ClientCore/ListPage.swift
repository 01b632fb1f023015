import Foundation

/// One page of a list the server pages with `?limit&cursor` (alert history, gift ideas, contacts):
/// its items and the cursor of the next page, read from the `X-Next-Cursor` header (nil on the
/// last). One type for every SDK, so a paged screen or command asks for more only while there is more.
public struct ListPage<Item: Sendable>: Sendable {
    /// The response header that carries the next page's cursor.
    public static var nextCursorHeader: String { "X-Next-Cursor" }

    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    /// `items` with the cursor `response` names in ``nextCursorHeader`` (an empty one is none).
    public init(items: [Item], of response: HTTPResponseData) {
        self.init(items: items, nextCursor: response.header(Self.nextCursorHeader).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Every item of every page, asking `page` for each in turn (nil cursor first) until the last.
    public static func all(isolation: isolated (any Actor)? = #isolation, _ page: (_ cursor: String?) async throws -> ListPage) async throws -> [Item] {
        var items: [Item] = []
        var cursor: String?
        repeat {
            let next = try await page(cursor)
            items += next.items
            cursor = next.nextCursor
        } while cursor != nil
        return items
    }
}

extension ListPage: Equatable where Item: Equatable {}

extension Array where Element == URLQueryItem {
    /// The query asking for one page: at most `limit` items (the server's default when nil), after
    /// `cursor` (the first page when nil).
    public static func page(limit: Int?, cursor: String?) -> [URLQueryItem] {
        var query: [URLQueryItem] = []
        if let limit { query.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return query
    }
}
