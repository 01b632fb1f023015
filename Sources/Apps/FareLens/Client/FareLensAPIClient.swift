import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The FareLens SDK: ClientCore's ``APIClient`` set up for FareLens's root and body spelling. Calls go
/// through the contract, identical GETs in flight at once coalesced (``RequestCoalescer``) and
/// transient failures retried (``RetryPolicy/fareLens(sleep:deadline:)``) within 30 s in all, each attempt
/// waiting 15 s for an answer (``URLSessionTransport/fareLensTimeout``): `api.send(FareLensRoutes.me)`, `api.send(FareLensRoutes.setDevTier, body: …)`.
public final class FareLensAPIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient
    /// Shares identical GETs in flight (see ``RequestCoalescer``).
    public let coalescer = RequestCoalescer()

    public init(
        baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(timeout: URLSessionTransport.fareLensTimeout), retry: RetryPolicy = .fareLens()
    ) {
        client = APIClient(
            baseURL: baseURL, routes: FareLensRoutes.platform, session: session, transport: CoalescingTransport(transport, coalescer: coalescer), retry: retry,
            bodyEncoder: { WireFormat.requestEncoder() })
    }
}
