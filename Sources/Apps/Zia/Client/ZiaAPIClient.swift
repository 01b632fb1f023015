import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Zia SDK: ClientCore's ``APIClient`` set up for Zia's root and body spelling. Calls go
/// through the contract: `api.send(ZiaRoutes.upsertHousehold, body: profile)`,
/// `api.send(ZiaRoutes.household, HouseholdOwner(userID))`; `ZiaUserUpdate.check` and
/// `HouseholdProfile.check` are the server's rules, for checking before sending. The assistant's
/// stream is ``assist(_:)``.
public final class ZiaAPIClient: RouteSending {
    /// The SDK core this API sends through (sign-in, sign-out, account routes, `send`).
    public let client: APIClient

    public init(baseURL: URL, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(
            baseURL: baseURL, routes: ZiaRoutes.platform, session: session, transport: transport, retry: retry, bodyEncoder: { WireFormat.requestEncoder() })
    }
}
