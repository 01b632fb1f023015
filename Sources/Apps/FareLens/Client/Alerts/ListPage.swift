import Foundation

// A page of a FareLens list is ClientCore's ``ListPage`` (its cursor from `X-Next-Cursor`).

extension FareLensAPIClient {
    /// The page of `route` after `cursor` (the first without one), `limit` items at most.
    public func page<Item, Sizes>(
        _ route: Route<NoParameter, NoBody, FareLensList<Item>>.Querying<PageQuery<Sizes>>, cursor: String?, limit: Int
    ) async throws -> ListPage<Item> {
        let response = try await client.response(route, NoParameter(), query: PageQuery(limit: limit, cursor: cursor))
        return ListPage(items: try client.decode(response, of: route).data, of: response)
    }
}
