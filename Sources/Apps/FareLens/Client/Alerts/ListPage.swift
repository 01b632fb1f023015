import Foundation

// A page of a FareLens list is ClientCore's ``ListPage`` (its cursor from `X-Next-Cursor`).

extension FareLensAPIClient {
    /// The page of `route` after `cursor` (the first without one), `limit` items at most.
    public func page<Item>(_ route: Route<NoParameter, NoBody, FareLensList<Item>>, cursor: String?, limit: Int) async throws -> ListPage<Item> {
        let response = try await client.response(route, NoParameter(), body: nil, query: .page(limit: limit, cursor: cursor))
        return ListPage(items: try client.decode(response, of: route).data, of: response)
    }
}
