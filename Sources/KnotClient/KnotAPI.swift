import Foundation

/// When and how long to wait before trying an idempotent request again.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles each time.
    public var baseDelay: TimeInterval
    /// No single wait is longer; a `Retry-After` beyond this is not waited for.
    public var maxDelay: TimeInterval
    /// How to wait (tests record the delays instead of sleeping).
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    public init(maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 8, sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
    }

    /// Three attempts, 0.5 s then 1 s apart.
    public static let standard = RetryPolicy()
    /// One attempt only.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before attempt `attempt + 1` after `error`, or nil when it should not be retried.
    func delay(afterAttempt attempt: Int, error: KnotError) -> TimeInterval? {
        guard attempt < maxAttempts, error.isTransient else { return nil }
        if case .rateLimited(let retryAfter?) = error {
            return retryAfter <= maxDelay ? retryAfter : nil
        }
        return min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
    }
}

/// The typed Knot API (`/knot/auth/…`, `/knot/api/v1/…`): every endpoint as an async method that
/// returns models or throws ``KnotError``. Handles bearer tokens and refresh through its
/// ``KnotSession`` and retries idempotent requests (GET, PUT, DELETE, PATCH) with backoff; POSTs
/// are sent once.
public final class KnotAPI: Sendable {
    /// The server root, e.g. `http://127.0.0.1:8080`.
    public let baseURL: URL
    public let session: KnotSession
    let transport: any HTTPTransport
    let retry: RetryPolicy

    public init(baseURL: URL, session: KnotSession, transport: any HTTPTransport = URLSessionTransport(), retry: RetryPolicy = .standard) {
        self.baseURL = baseURL
        self.session = session
        self.transport = transport
        self.retry = retry
    }

    // MARK: Auth

    /// Development sign-in (`POST /knot/auth/dev`, only on development servers); starts and saves a session.
    @discardableResult
    public func signInForDevelopment(email: String) async throws -> StoredSession {
        let response = try await perform(KnotRoutes.platform.devSignIn, body: try encode(AuthRequests.DevSignIn(email: email)), authenticated: false)
        let pair: TokenPair = try decode(response)
        try await session.begin(pair, serverUrl: baseURL.absoluteString, email: email)
        guard let stored = await session.stored else { throw KnotError.unauthorized("Sign-in did not produce a session.") }
        return stored
    }

    /// Sign in with Apple: sends the identity token (and the raw nonce it was made with) from
    /// `ASAuthorizationAppleIDCredential`; starts and saves a session.
    @discardableResult
    public func signInWithApple(identityToken: String, nonce: String? = nil) async throws -> StoredSession {
        try await signIn(provider: "apple", idToken: identityToken, nonce: nonce, email: nil)
    }

    /// Sign in with Google: sends the ID token from the Google Sign-In SDK; starts and saves a session.
    @discardableResult
    public func signInWithGoogle(idToken: String, nonce: String? = nil) async throws -> StoredSession {
        try await signIn(provider: "google", idToken: idToken, nonce: nonce, email: nil)
    }

    private func signIn(provider: String, idToken: String, nonce: String?, email: String?) async throws -> StoredSession {
        let response = try await perform(KnotRoutes.platform.signIn(provider: provider), body: try encode(AuthRequests.IDToken(idToken: idToken, nonce: nonce)), authenticated: false)
        let pair: TokenPair = try decode(response)
        try await session.begin(pair, serverUrl: baseURL.absoluteString, email: email)
        guard let stored = await session.stored else { throw KnotError.unauthorized("Sign-in did not produce a session.") }
        return stored
    }

    /// Revokes the session on the server and forgets it here, even when the server cannot be reached.
    public func signOut() async {
        _ = try? await perform(KnotRoutes.platform.signOut, retryRefresh: false)
        await session.signOutLocally()
    }

    // MARK: Vault

    /// Creates the partner vault (onboarding's submit).
    public func createVault(_ draft: VaultDraft) async throws -> Vault {
        try decode(try await perform(KnotRoutes.createVault, body: try encode(draft)))
    }

    /// The partner vault; ``KnotError/notFound(_:)`` before onboarding.
    public func vault() async throws -> Vault {
        try decode(try await perform(KnotRoutes.vault))
    }

    /// Replaces the partner vault.
    public func updateVault(_ draft: VaultDraft) async throws -> Vault {
        try decode(try await perform(KnotRoutes.updateVault, body: try encode(draft)))
    }

    // MARK: Hints

    /// Saves a hint (1–500 characters).
    public func addHint(_ text: String, source: HintSource = .textInput) async throws -> Hint {
        try decode(try await perform(KnotRoutes.addHint, body: try encode(NewHint(hintText: text, source: source))))
    }

    /// One page of hints, newest first.
    public func hints(limit: Int = 50, cursor: String? = nil) async throws -> HintPage {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try decode(try await perform(KnotRoutes.hints, query: query))
    }

    /// Hints closest in meaning to `query`.
    public func searchHints(_ query: String, limit: Int = 10) async throws -> HintSearchResult {
        try decode(try await perform(KnotRoutes.searchHints, query: [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: String(limit))]))
    }

    public func deleteHint(_ id: HintID) async throws {
        _ = try await perform(KnotRoutes.deleteHint(id))
    }

    // MARK: Recommendations

    /// Three new picks for an occasion (optionally for a milestone, optionally with vibes for this request only).
    public func generateRecommendations(occasion: OccasionType, milestoneId: MilestoneID? = nil, vibeOverride: [Vibe]? = nil) async throws -> RecommendationBatch {
        try decode(try await perform(KnotRoutes.generateRecommendations, body: try encode(GenerateRecommendationsRequest(occasionType: occasion, milestoneId: milestoneId, vibeOverride: vibeOverride))))
    }

    /// Three different picks replacing `rejected`, for `reason`.
    public func refreshRecommendations(rejected: [RecommendationID], reason: RejectionReason, vibeOverride: [Vibe]? = nil) async throws -> RecommendationBatch {
        try decode(try await perform(KnotRoutes.refreshRecommendations, body: try encode(RefreshRecommendationsRequest(rejectedRecommendationIds: rejected, rejectionReason: reason, vibeOverride: vibeOverride))))
    }

    /// Records what the user did with a recommendation (`rating` 1–5 is required for `.rated`).
    @discardableResult
    public func recordFeedback(_ id: RecommendationID, action: FeedbackAction, rating: Int? = nil, text: String? = nil) async throws -> FeedbackRecord {
        try decode(try await perform(KnotRoutes.recordFeedback(id), body: try encode(FeedbackRequest(action: action, rating: rating, feedbackText: text))))
    }

    public func recommendation(_ id: RecommendationID) async throws -> Recommendation {
        try decode(try await perform(KnotRoutes.recommendation(id)))
    }

    /// The recommendations stored for one milestone (what a reminder links to).
    public func recommendations(forMilestone id: MilestoneID) async throws -> MilestoneRecommendations {
        try decode(try await perform(KnotRoutes.recommendations(forMilestone: id)))
    }

    /// The full URL of a recommendation's share page, or nil when the server gave none.
    public func shareURL(for recommendation: Recommendation) -> URL? {
        guard let path = recommendation.shareUrl else { return nil }
        if let absolute = URL(string: path), absolute.scheme != nil { return absolute }
        return URL(string: path, relativeTo: baseURL)?.absoluteURL
    }

    /// Re-learns the user's preference weights from their feedback now (the server also does it weekly).
    public func analyzeFeedback() async throws -> LearnedWeights {
        try decode(try await perform(KnotRoutes.analyzeFeedback))
    }

    // MARK: Notifications

    /// Reminders not sent yet.
    public func upcomingNotifications() async throws -> UpcomingNotifications {
        try decode(try await perform(KnotRoutes.upcomingNotifications))
    }

    /// Sent and failed reminders, newest first.
    public func notificationHistory(limit: Int = 50, offset: Int = 0) async throws -> NotificationHistoryPage {
        try decode(try await perform(KnotRoutes.notificationHistory, query: [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "offset", value: String(offset))]))
    }

    /// Marks a reminder as opened (idempotent).
    @discardableResult
    public func markNotificationViewed(_ id: NotificationID) async throws -> ViewedReceipt {
        try decode(try await perform(KnotRoutes.markNotificationViewed(id)))
    }

    // MARK: Account

    /// Registers this device's push token.
    @discardableResult
    public func registerDevice(token: String, platform: String = "ios") async throws -> DeviceRegistration {
        try decode(try await perform(KnotRoutes.platform.registerDevice, body: try encode(DeviceRegistrationRequest(deviceToken: token, platform: platform))))
    }

    public func notificationPreferences() async throws -> NotificationPreferences {
        try decode(try await perform(KnotRoutes.platform.notificationPreferences))
    }

    /// Changes only the preferences given.
    public func updateNotificationPreferences(enabled: Bool? = nil, quietHoursStart: Int? = nil, quietHoursEnd: Int? = nil, timezone: String? = nil, hideNotificationDetails: Bool? = nil) async throws -> NotificationPreferences {
        let body = NotificationPreferencesUpdate(notificationsEnabled: enabled, quietHoursStart: quietHoursStart, quietHoursEnd: quietHoursEnd, timezone: timezone, hideNotificationDetails: hideNotificationDetails)
        return try decode(try await perform(KnotRoutes.platform.updateNotificationPreferences, body: try encode(body)))
    }

    /// Everything the server keeps about the user, as the JSON document it sends.
    public func exportData() async throws -> Data {
        try await perform(KnotRoutes.platform.export).body
    }

    /// Deletes the account and all its data, then forgets the session.
    @discardableResult
    public func deleteAccount() async throws -> AccountDeletion {
        let result: AccountDeletion = try decode(try await perform(KnotRoutes.platform.deleteAccount))
        await session.signOutLocally()
        return result
    }

    // MARK: Plumbing

    func encode(_ value: some Encodable) throws -> Data {
        try WireFormat.encoder().encode(value)
    }

    func decode<T: Decodable>(_ response: HTTPResponseData) throws -> T {
        do {
            return try WireFormat.decoder().decode(T.self, from: response.body)
        } catch {
            throw KnotError.server(status: response.status, code: "invalid_response", message: "Unreadable \(T.self) from the server: \(error)")
        }
    }

    static func isIdempotent(_ method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"].contains(method)
    }

    /// Sends a request to `endpoint` (see ``perform(method:path:query:body:authenticated:retryRefresh:)``).
    func perform(_ endpoint: Endpoint, query: [URLQueryItem] = [], body: Data? = nil, authenticated: Bool = true, retryRefresh: Bool = true) async throws -> HTTPResponseData {
        try await perform(method: endpoint.method.rawValue, path: endpoint.path, query: query, body: body, authenticated: authenticated, retryRefresh: retryRefresh)
    }

    /// Sends a request, retrying idempotent ones on transient failures, and returns a 2xx response.
    func perform(method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil, authenticated: Bool = true, retryRefresh: Bool = true) async throws -> HTTPResponseData {
        var attempt = 1
        while true {
            do {
                return try await performOnce(method: method, path: path, query: query, body: body, authenticated: authenticated, retryRefresh: retryRefresh)
            } catch let error as KnotError {
                guard Self.isIdempotent(method), let wait = retry.delay(afterAttempt: attempt, error: error) else { throw error }
                try await retry.sleep(wait)
                attempt += 1
            }
        }
    }

    private func performOnce(method: String, path: String, query: [URLQueryItem], body: Data?, authenticated: Bool, retryRefresh: Bool) async throws -> HTTPResponseData {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(String(path.dropFirst())), resolvingAgainstBaseURL: false) else {
            throw KnotError.server(status: 0, code: "bad_url", message: "Cannot build a URL from \(baseURL) and \(path).")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw KnotError.server(status: 0, code: "bad_url", message: "Cannot build a URL for \(path).") }
        var request = HTTPRequestData(method: method, url: url, headers: ["Accept": "application/json"], body: body)
        if body != nil { request.headers["Content-Type"] = "application/json" }

        guard authenticated else { return try check(try await send(request)) }
        let refresher: @Sendable (String) async throws -> TokenPair = { [self] refreshToken in try await self.exchange(refreshToken) }
        let token = try await session.accessToken(refresher: refresher)
        request.headers["Authorization"] = "Bearer \(token)"
        var response = try await send(request)
        if response.status == 401, retryRefresh {
            let renewed = try await session.refresh(after: token, refresher: refresher)
            request.headers["Authorization"] = "Bearer \(renewed)"
            response = try await send(request)
            if response.status == 401 { await session.signOutLocally() }
        }
        return try check(response)
    }

    /// Trades a refresh token for a new pair (`POST /knot/auth/refresh`); the old one is spent.
    private func exchange(_ refreshToken: String) async throws -> TokenPair {
        let endpoint = KnotRoutes.platform.refresh
        let response = try await performOnce(method: endpoint.method.rawValue, path: endpoint.path, query: [], body: try encode(AuthRequests.Refresh(refreshToken: refreshToken)), authenticated: false, retryRefresh: false)
        return try decode(response)
    }

    private func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        do {
            return try await transport.send(request)
        } catch let error as KnotError {
            throw error
        } catch {
            throw KnotError.offline("Cannot reach \(baseURL.absoluteString): \(error.localizedDescription)")
        }
    }

    private func check(_ response: HTTPResponseData) throws -> HTTPResponseData {
        guard (200..<300).contains(response.status) else { throw KnotError.from(response) }
        return response
    }
}
