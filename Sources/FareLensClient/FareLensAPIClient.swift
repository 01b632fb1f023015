import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The FareLens SDK: ClientCore's ``APIClient`` set up for FareLens's root and body spelling. Calls go
/// through the contract: `api.send(FareLensRoutes.me)`, `api.send(FareLensRoutes.setDevTier, body: …)`.
public final class FareLensAPIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: FareLensRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }
}
