import Foundation

/// Knot's client-side names for the shared SDK core: the error every call throws and the session
/// that keeps its tokens.
public typealias KnotError = ClientError
public typealias KnotSession = ClientSession

/// The SDK's name for typed IDs before the wire contract was shared (now ``TypedID`` from `PlatformAPI`).
@available(*, deprecated, renamed: "TypedID")
public typealias KnotID<Entity> = TypedID<Entity>

/// The SDK's name for a 422's offending field before the wire contract was shared (now ``FieldError``).
@available(*, deprecated, renamed: "FieldError")
public typealias FieldProblem = FieldError

extension FileTokenStore {
    /// `$XDG_CONFIG_HOME/knot/session.json`, else `~/.config/knot/session.json`.
    public static var defaultURL: URL { defaultURL(folder: AppID.knot.rawValue) }
}

/// The Knot SDK: ClientCore's ``APIClient`` set up for Knot's root. Calls go through the contract,
/// `api.send(KnotRoutes.vault)`, `api.send(KnotRoutes.addHint, body: NewHint(hintText: text))`, and throw
/// ``KnotError``; sign-in, sign-out, refresh, retries and the platform's account routes are ``APIClient``'s
/// (`api.client.signIn(provider: .apple, idToken: token, nonce: nonce)`, `api.client.deleteAccount(reauthentication:)`, …).
public final class KnotAPIClient: RouteSending {
    /// The SDK core this API sends through.
    public let client: APIClient
    /// The server root, e.g. `http://127.0.0.1:8080`.
    public var baseURL: URL { client.baseURL }
    public var session: KnotSession { client.session }

    public init(baseURL: URL, session: KnotSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(baseURL: baseURL, routes: KnotRoutes.platform, session: session, transport: transport, retry: retry)
    }

    // MARK: Recommendations

    /// The full URL of a recommendation's share page, or nil when the server gave none.
    public func shareURL(for recommendation: Recommendation) -> URL? {
        guard let path = recommendation.shareUrl else { return nil }
        if let absolute = URL(string: path), absolute.scheme != nil { return absolute }
        return URL(string: path, relativeTo: baseURL)?.absoluteURL
    }
}
