import Foundation

/// One page of a FareLens list with the cursor of the next (`X-Next-Cursor`; nil on the last), so a
/// paged screen (alert history) asks for more only while there is more.
public struct ListPage<Item: Codable & Sendable>: Sendable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension FareLensAPIClient {
    /// The page of `route` after `cursor` (the first without one), `limit` items at most.
    public func page<Item>(_ route: Route<NoParameter, NoBody, FareLensList<Item>>, cursor: String?, limit: Int) async throws -> ListPage<Item> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        let response = try await client.response(route, NoParameter(), body: nil, query: query)
        let list = try client.decode(response, of: route)
        return ListPage(items: list.data, nextCursor: response.header("X-Next-Cursor").flatMap { $0.isEmpty ? nil : $0 })
    }
}
