import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Example SDK: ClientCore's ``APIClient`` set up for Example's root and body spelling. Calls go
/// through the contract, `api.send(ExampleRoutes.createItem, body: …)`; a method of its own
/// only where it adds meaning (``items(limit:cursor:)`` builds the query and reads the page).
public final class ExampleAPIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: ExampleRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    /// `GET /items`: a page of items, newest first (`limit` the server's default when nil), with the
    /// next page's cursor; ``ListPage/all(isolation:_:)`` reads every page.
    public func items(limit: Int? = nil, cursor: String? = nil) async throws -> ListPage<ExampleItem> {
        let response = try await client.response(ExampleRoutes.items, NoParameter(), query: PageQuery(limit: limit ?? ExampleRoutes.ItemPages.defaultLimit, cursor: cursor))
        return ListPage(items: try client.decode(response), of: response)
    }
}
