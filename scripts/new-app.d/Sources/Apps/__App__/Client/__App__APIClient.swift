import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The __App__ SDK: ClientCore's ``APIClient`` set up for __App__'s root and body spelling. Calls go
/// through the contract, `api.send(__App__Routes.createItem, body: …)`; a method of its own
/// only where it adds meaning (``items(limit:cursor:)`` builds the query and reads the page).
public final class __App__APIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: __App__Routes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    /// `GET /items`: a page of items, newest first (`limit` the server's default when nil), with the
    /// next page's cursor; ``ListPage/all(isolation:_:)`` reads every page.
    public func items(limit: Int? = nil, cursor: String? = nil) async throws -> ListPage<__App__Item> {
        let response = try await client.response(__App__Routes.items, NoParameter(), query: PageQuery(limit: limit ?? __App__Routes.ItemPages.defaultLimit, cursor: cursor))
        return ListPage(items: try client.decode(response), of: response)
    }
}
