import Foundation
import PlatformAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app-agnostic half of every SDK: sends requests to one app's endpoints with bearer tokens,
/// refreshes them through its ``ClientSession`` (a 401 is retried once after a refresh), retries
/// idempotent requests (GET, PUT, DELETE, PATCH) with backoff and sends POSTs once (again only when
/// the connection could not be made, so nothing was sent), and speaks the
/// platform's own routes (sign-in, sign-out, account). An app's SDK (e.g. the one over `<App>API`) adds its endpoints
/// on top.
public final class APIClient: Sendable {
    /// The server root, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    public let session: ClientSession
    /// The platform routes under this app's prefix.
    public let routes: PlatformRoutes
    let transport: any HTTPTransport
    let retry: RetryPolicy
    /// Seconds a stream may go without a byte before it ends as a timeout (``stream(_:)``).
    let streamIdleTimeout: TimeInterval

    /// Writes request bodies: the app's wire spelling (``WireFormat/encoder(pretty:)`` converts
    /// keys to snake case; ``WireFormat/requestEncoder()`` keeps the keys the contract declares).
    let bodyEncoder: @Sendable () -> JSONEncoder

    /// - Parameters:
    ///   - routes: the app's platform routes (``PlatformRoutes/init(app:)`` for an app whose API is at `/<app>/api/v1`).
    ///   - bodyEncoder: how the app's request bodies are written.
    ///   - streamIdleTimeout: seconds an open event stream may go without a byte before its events
    ///     end with a timeout (``ClientError/offline(_:)``), whatever the transport does: the
    ///     platform's streams send a keep-alive every 15 s, so the default misses three.
    public init(
        baseURL: URL, routes: PlatformRoutes, session: ClientSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard,
        bodyEncoder: @escaping @Sendable () -> JSONEncoder = { WireFormat.encoder() }, streamIdleTimeout: TimeInterval = 45
    ) {
        self.streamIdleTimeout = streamIdleTimeout
        self.baseURL = baseURL
        self.routes = routes
        self.bodyEncoder = bodyEncoder
        self.session = session
        self.transport = transport
        self.retry = retry
    }

    // MARK: Auth

    /// Development sign-in (`POST /<app>/auth/dev`, only on development servers); starts and saves a session.
    @discardableResult
    public func signInForDevelopment(email: String) async throws -> StoredSession {
        try await begin(try await send(routes.devSignIn, body: AuthRequests.DevSignIn(email: email)), email: email)
    }

    /// Sign in with a provider's ID token; starts and saves a session.
    @discardableResult
    public func signIn(provider: IdentityProviderName, idToken: String, nonce: String?) async throws -> StoredSession {
        try await begin(try await send(routes.signIn(provider: provider), body: AuthRequests.IDToken(idToken: idToken, nonce: nonce)), email: nil)
    }

    /// What an app calls when it becomes active: refreshes the access token now when it expires
    /// within the session's margin (the first request after a pause then does not wait on a 401),
    /// and ends the session when the server refuses the refresh. Answers whether still signed in; a
    /// refresh that cannot reach the server keeps the session and throws.
    @discardableResult
    public func activate() async throws -> Bool {
        guard await session.isSignedIn else { return false }
        do {
            _ = try await session.accessToken(refresher: { [self] refreshToken in try await self.exchange(refreshToken) })
            return true
        } catch ClientError.unauthorized(let message) {
            if await session.isSignedIn { throw ClientError.unauthorized(message) }
            return false
        }
    }

    private func begin(_ pair: TokenPair, email: String?) async throws -> StoredSession {
        try await session.begin(pair, serverUrl: baseURL.absoluteString, email: email)
        guard let stored = await session.stored else { throw ClientError.unauthorized("Sign-in did not produce a session.") }
        return stored
    }

    /// Creates an email + password account (`POST /<app>/api/v1/auth/register`, apps that offer
    /// them). It does not sign in: call ``logIn(email:password:)`` next.
    public func register(_ registration: PasswordRegistration) async throws -> PasswordAccount {
        try await send(routes.passwordRegister, body: registration)
    }

    /// Signs in with an email and password (`POST /<app>/api/v1/auth/login`); starts and saves a session.
    @discardableResult
    public func logIn(email: String, password: String) async throws -> StoredSession {
        try await begin(try await send(routes.passwordLogin, body: PasswordSignIn(email: email, password: password)), email: email)
    }

    /// Revokes the session on the server and forgets it here, even when the server cannot be reached.
    public func signOut() async {
        _ = try? await send(APICall(routes.signOut.endpoint, retryRefresh: false))
        await session.signOutLocally()
    }

    // MARK: Account

    /// Registers this device's push token.
    @discardableResult
    public func registerDevice(token: String, platform: String = "ios") async throws -> DeviceRegistration {
        try await send(routes.registerDevice, body: DeviceRegistrationRequest(deviceToken: token, platform: platform))
    }

    public func notificationPreferences() async throws -> NotificationPreferences {
        try await send(routes.notificationPreferences)
    }

    /// Changes only the preferences `update` names.
    public func updateNotificationPreferences(_ update: NotificationPreferencesUpdate) async throws -> NotificationPreferences {
        try await send(routes.updateNotificationPreferences, body: update)
    }

    /// Everything the server keeps about the user, as the JSON document it sends.
    public func exportData() async throws -> Data {
        try await send(routes.export, NoParameter(), body: nil)
    }

    /// Deletes the account and all its data, then forgets the session.
    ///
    /// The server wants proof of a fresh sign-in: `reauthentication` (a new identity token from the
    /// user's provider, or on development servers the account's email), or — when nil — an access
    /// token from a sign-in in the last five minutes. Without it the call throws
    /// ``ClientError/reauthenticationRequired(_:)`` and the session is kept.
    @discardableResult
    public func deleteAccount(reauthentication: AccountDeletionRequest? = nil) async throws -> AccountDeletion {
        let result = try await send(routes.deleteAccount, body: reauthentication)
        await session.signOutLocally()
        return result
    }

    // MARK: Plumbing

    /// `value` as a JSON request body.
    public func encode(_ value: some Encodable) throws -> Data {
        try bodyEncoder().encode(value)
    }

    /// The body of `response` as a `T`; an unreadable body is a ``ClientError/decoding(_:)``.
    public func decode<T: Decodable>(_ response: HTTPResponseData) throws -> T {
        do {
            return try WireFormat.decoder().decode(T.self, from: response.body)
        } catch {
            throw ClientError.decoding("Unreadable \(T.self) from the server (HTTP \(response.status)): \(error)")
        }
    }

    static func isIdempotent(_ method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"].contains(method)
    }

    /// Sends a request to `endpoint` (see ``send(_:)``).
    public func perform(_ endpoint: Endpoint, query: [URLQueryItem] = [], body: Data? = nil, authenticated: Bool = true, retryRefresh: Bool = true) async throws -> HTTPResponseData
    {
        try await send(APICall(endpoint, query: query, body: body, authenticated: authenticated, retryRefresh: retryRefresh))
    }

    /// Sends a request (see ``send(_:)``).
    public func perform(
        method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil, authenticated: Bool = true, retryRefresh: Bool = true
    ) async throws -> HTTPResponseData {
        let call = APICall(method: method, path: path, query: query, body: body, authenticated: authenticated, retryRefresh: retryRefresh)
        return try await send(call)
    }

    /// Sends `call` and returns its 2xx response. Idempotent methods — and POSTs that carry an
    /// `Idempotency-Key`, which the server answers once — are retried on transient failures; other
    /// POSTs are sent once, and again only when no connection could be made (``ConnectionNotMade``).
    public func send(_ call: APICall) async throws -> HTTPResponseData {
        try await withRetries(call) { try await self.sendOnce(call) }
    }

    /// Opens `call` as a `text/event-stream` and returns once the server answered 2xx, its events
    /// still arriving (``EventStreamResponse``). Authenticated like ``send(_:)`` (a 401 before the
    /// stream is answered by one refresh and one more try); a status of 400 or more is read whole
    /// and thrown as the same ``ClientError`` `send` throws. Retries follow `send`'s rule, and only
    /// happen before the answer's first byte: once events flow, a broken connection ends the events
    /// with ``ClientError/offline(_:)`` and nothing is sent again. Cancelling the task that reads the
    /// events, or dropping them, closes the connection.
    public func stream(_ call: APICall) async throws -> EventStreamResponse {
        try await withRetries(call) { try await self.streamOnce(call) }
    }

    /// Runs `once` until it succeeds, an error is not transient, or the policy's attempts are spent.
    /// A connection that could not be made (``ConnectionNotMade``: nothing was sent) is tried again
    /// for every call; other transient failures only for the calls that may be repeated (idempotent
    /// methods, or a POST with an `Idempotency-Key`), since the server may have acted on them.
    /// With a policy ``RetryPolicy/deadline``, the whole run races it: past it the attempt in flight
    /// is cancelled and the call fails as a timeout.
    private func withRetries<T: Sendable>(_ call: APICall, _ once: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let deadline = retry.deadline else { return try await attempts(call, once) }
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await self.attempts(call, once) }
            group.addTask { [baseURL] in
                try await Task.sleep(nanoseconds: UInt64(max(deadline, 0) * 1_000_000_000))
                throw ClientError.offline("The server at \(baseURL.host ?? baseURL.absoluteString) \(ClientError.timeoutPhrase) (\(deadline) s in all).")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private func attempts<T>(_ call: APICall, _ once: () async throws -> T) async throws -> T {
        let retriable = Self.isIdempotent(call.method) || call.headers[PreconditionHeaders.idempotencyKey] != nil
        var attempt = 1
        while true {
            do {
                return try await once()
            } catch let notMade as ConnectionNotMade {
                let error = ClientError.offline(notMade.description)
                guard let wait = retry.delay(afterAttempt: attempt, error: error) else { throw error }
                try await retry.sleep(wait)
                attempt += 1
            } catch let error as ClientError {
                guard retriable, let wait = retry.delay(afterAttempt: attempt, error: error) else { throw error }
                try await retry.sleep(wait)
                attempt += 1
            }
        }
    }

    private func sendOnce(_ call: APICall) async throws -> HTTPResponseData {
        let request = try request(for: call, accepting: "application/json")
        return try check(try await authorized(call, request, head: { $0 }) { try await self.send($0, progress: call.progress) })
    }

    private func streamOnce(_ call: APICall) async throws -> EventStreamResponse {
        let request = try request(for: call, accepting: EventStreamResponse.contentType)
        let response = try await authorized(call, request, head: \.head) { request in
            try await self.reaching { try await self.transport.stream(request) }
        }
        guard (200..<300).contains(response.head.status) else { throw ClientError.from(try await reaching { try await response.collect() }) }
        guard response.head.header("Content-Type")?.lowercased().hasPrefix(EventStreamResponse.contentType) == true else {
            throw ClientError.decoding("Expected \(EventStreamResponse.contentType) from \(call.path), got \(response.head.header("Content-Type") ?? "no content type").")
        }
        let idle = IdleBound(seconds: streamIdleTimeout, server: baseURL.host ?? baseURL.absoluteString)
        return EventStreamResponse(head: response.head, events: ServerSentEvents(idle.relay(response.body)))
    }

    /// The request for `call`: its URL under ``baseURL``, its body and headers.
    private func request(for call: APICall, accepting accept: String) throws -> HTTPRequestData {
        let path = call.path
        guard var components = URLComponents(url: baseURL.appendingPathComponent(String(path.dropFirst())), resolvingAgainstBaseURL: false) else {
            throw ClientError.server(status: 0, code: "bad_url", message: "Cannot build a URL from \(baseURL) and \(path).")
        }
        if !call.query.isEmpty { components.queryItems = call.query }
        guard let url = components.url else { throw ClientError.server(status: 0, code: "bad_url", message: "Cannot build a URL for \(path).") }
        var request = HTTPRequestData(method: call.method, url: url, headers: ["Accept": accept], body: call.body)
        if call.body != nil { request.headers["Content-Type"] = call.contentType }
        for (name, value) in call.headers { request.headers[name] = value }
        return request
    }

    /// Sends `request` through `send`, with the session's bearer token when `call` is
    /// authenticated; a 401 about the token (`head` reads the status) is answered by one refresh and
    /// one more try, and a second such 401 ends the session here.
    private func authorized<Response>(
        _ call: APICall, _ request: HTTPRequestData, head: (Response) -> HTTPResponseData, _ send: (HTTPRequestData) async throws -> Response
    ) async throws -> Response {
        guard call.authenticated else { return try await send(request) }
        var request = request
        let refresher: @Sendable (String) async throws -> TokenPair = { [self] refreshToken in try await self.exchange(refreshToken) }
        let token = try await session.accessToken(refresher: refresher)
        request.headers["Authorization"] = "Bearer \(token)"
        var response = try await send(request)
        // A request for a fresh sign-in is not about the token: refreshing would not help, and the
        // session must survive it.
        if head(response).status == 401, call.retryRefresh, !head(response).asksForReauthentication {
            let renewed = try await session.refresh(after: token, refresher: refresher)
            request.headers["Authorization"] = "Bearer \(renewed)"
            response = try await send(request)
            if head(response).status == 401, !head(response).asksForReauthentication { await session.signOutLocally() }
        }
        return response
    }

    /// Trades a refresh token for a new pair (`POST /<app>/auth/refresh`); the old one is spent.
    private func exchange(_ refreshToken: String) async throws -> TokenPair {
        let call = APICall(routes.refresh.endpoint, body: try encode(AuthRequests.Refresh(refreshToken: refreshToken)), authenticated: false, retryRefresh: false)
        do {
            return try decode(try await sendOnce(call))
        } catch let notMade as ConnectionNotMade {
            // The session keeps itself when a refresh cannot reach the server: it must see `offline`.
            throw ClientError.offline(notMade.description)
        }
    }

    private func send(_ request: HTTPRequestData, progress: (@Sendable (Double) -> Void)?) async throws -> HTTPResponseData {
        try await reaching {
            guard let progress else { return try await transport.send(request) }
            return try await transport.send(request, uploadProgress: progress)
        }
    }

    /// Runs a transport call; a failure that is neither a ``ClientError`` nor the caller's
    /// cancellation means the server could not be reached.
    private func reaching<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ClientError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch let error as ConnectionNotMade {
            throw error  // ``withRetries`` tries it again and reports it as offline
        } catch {
            throw ClientError.offline("Cannot reach \(baseURL.absoluteString): \(error.localizedDescription)")
        }
    }

    private func check(_ response: HTTPResponseData) throws -> HTTPResponseData {
        guard (200..<300).contains(response.status) else { throw ClientError.from(response) }
        return response
    }
}
