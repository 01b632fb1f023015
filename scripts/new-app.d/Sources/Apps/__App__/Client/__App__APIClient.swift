import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The __App__ SDK: ClientCore's ``APIClient`` set up for __App__'s root and body spelling. Calls go
/// through the contract, `api.send(__App__Routes.createItem, body: …)`; a method of its own
/// only where it adds meaning (``items(limit:)`` builds the query).
public final class __App__APIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: __App__Routes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    /// `GET /items`: the newest `limit` items (the server's default when nil).
    public func items(limit: Int? = nil) async throws -> [__App__Item] {
        try await send(__App__Routes.items, query: limit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? [])
    }
}
