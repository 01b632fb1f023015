import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Example SDK: ClientCore's ``APIClient`` set up for Example's root and body spelling. Calls go
/// through the contract, `api.send(ExampleRoutes.createItem, body: …)`; a method of its own
/// only where it adds meaning (``items(limit:)`` builds the query).
public final class ExampleAPIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: ExampleRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }

    /// `GET /items`: the newest `limit` items (the server's default when nil).
    public func items(limit: Int? = nil) async throws -> [ExampleItem] {
        try await send(ExampleRoutes.items, query: limit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? [])
    }
}
