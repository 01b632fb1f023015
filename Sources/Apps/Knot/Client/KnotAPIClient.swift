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
/// ``KnotError``; sign-in, sign-out, refresh, retries and the platform's account routes
/// (`api.client.deleteAccount(reauthentication:)`, …) are ``APIClient``'s.
public final class KnotAPIClient: RouteSending {
    /// The SDK core this API sends through.
    public let client: APIClient
    /// The server root, e.g. `http://127.0.0.1:8080`.
    public var baseURL: URL { client.baseURL }
    public var session: KnotSession { client.session }

    public init(baseURL: URL, session: KnotSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        client = APIClient(baseURL: baseURL, routes: KnotRoutes.platform, session: session, transport: transport, retry: retry)
    }

    // MARK: Auth

    /// Development sign-in (`POST /knot/auth/dev`, only on development servers); starts and saves a session.
    @discardableResult
    public func signInForDevelopment(email: String) async throws -> StoredSession {
        try await client.signInForDevelopment(email: email)
    }

    /// Sign in with Apple: sends the identity token (and the raw nonce it was made with) from
    /// `ASAuthorizationAppleIDCredential`; starts and saves a session.
    @discardableResult
    public func signInWithApple(identityToken: String, nonce: String? = nil) async throws -> StoredSession {
        try await client.signIn(provider: .apple, idToken: identityToken, nonce: nonce)
    }

    /// Sign in with Google: sends the ID token from the Google Sign-In SDK; starts and saves a session.
    @discardableResult
    public func signInWithGoogle(idToken: String, nonce: String? = nil) async throws -> StoredSession {
        try await client.signIn(provider: .google, idToken: idToken, nonce: nonce)
    }

    /// Revokes the session on the server and forgets it here, even when the server cannot be reached.
    public func signOut() async {
        await client.signOut()
    }

    // MARK: Recommendations

    /// The full URL of a recommendation's share page, or nil when the server gave none.
    public func shareURL(for recommendation: Recommendation) -> URL? {
        guard let path = recommendation.shareUrl else { return nil }
        if let absolute = URL(string: path), absolute.scheme != nil { return absolute }
        return URL(string: path, relativeTo: baseURL)?.absoluteURL
    }
}
