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

/// The typed Knot API (`/knot/auth/…`, `/knot/api/v1/…`): every endpoint of ``KnotRoutes`` as an
/// async method that returns the models of the `KnotAPI` contract module or throws ``KnotError``. Tokens, refresh, retries and
/// the platform's account routes come from ``APIClient``.
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

    // MARK: Vault

    // MARK: Hints

    /// Saves a hint (1–500 characters).
    public func addHint(_ text: String, source: HintSource = .textInput) async throws -> Hint {
        try await client.send(KnotRoutes.addHint, body: NewHint(hintText: text, source: source))
    }

    /// One page of hints, newest first.
    public func hints(limit: Int = 50, cursor: String? = nil) async throws -> HintPage {
        try await client.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: limit, cursor: cursor)))
    }

    /// Hints closest in meaning to `query`.
    public func searchHints(_ query: String, limit: Int = 10) async throws -> HintSearchResult {
        try await client.send(KnotRoutes.searchHints, query: HintSearchQuery(q: query, limit: limit))
    }

    // MARK: Recommendations

    /// Three new picks for an occasion (optionally for a milestone, optionally with vibes for this request only).
    public func generateRecommendations(occasion: OccasionType, milestoneId: MilestoneID? = nil, vibeOverride: [Vibe]? = nil) async throws -> RecommendationBatch {
        try await client.send(
            KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: occasion, milestoneId: milestoneId, vibeOverride: vibeOverride))
    }

    /// Three different picks replacing `rejected`, for `reason`.
    public func refreshRecommendations(rejected: [RecommendationID], reason: RejectionReason, vibeOverride: [Vibe]? = nil) async throws -> RecommendationBatch {
        try await client.send(
            KnotRoutes.refreshRecommendations, body: RefreshRecommendationsRequest(rejectedRecommendationIds: rejected, rejectionReason: reason, vibeOverride: vibeOverride))
    }

    /// Records what the user did with a recommendation (`rating` 1–5 is required for `.rated`).
    @discardableResult
    public func recordFeedback(_ id: RecommendationID, action: FeedbackAction, rating: Int? = nil, text: String? = nil) async throws -> FeedbackRecord {
        try await client.send(KnotRoutes.recordFeedback, id, body: FeedbackRequest(action: action, rating: rating, feedbackText: text))
    }

    /// The full URL of a recommendation's share page, or nil when the server gave none.
    public func shareURL(for recommendation: Recommendation) -> URL? {
        guard let path = recommendation.shareUrl else { return nil }
        if let absolute = URL(string: path), absolute.scheme != nil { return absolute }
        return URL(string: path, relativeTo: baseURL)?.absoluteURL
    }

    // MARK: Notifications

    /// Sent and failed reminders, newest first.
    public func notificationHistory(limit: Int = 50, offset: Int = 0) async throws -> NotificationHistoryPage {
        try await client.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery(limit: limit, offset: offset))
    }

    // MARK: Account

    /// Turns a milestone's reminders on or off (`PUT /milestones/{id}/notifications`).
    public func setMilestoneReminders(_ id: MilestoneID, enabled: Bool) async throws -> MilestoneReminderSetting {
        try await client.send(KnotRoutes.milestoneReminders, id, body: MilestoneReminderSetting.Input(notificationsEnabled: enabled))
    }

    /// Registers this device's push token.
    @discardableResult
    public func registerDevice(token: String, platform: String = "ios") async throws -> DeviceRegistration {
        try await client.registerDevice(token: token, platform: platform)
    }

    public func notificationPreferences() async throws -> NotificationPreferences {
        try await client.notificationPreferences()
    }

    /// Changes only the preferences given.
    public func updateNotificationPreferences(
        enabled: Bool? = nil, quietHoursStart: Int? = nil, quietHoursEnd: Int? = nil, timezone: String? = nil, hideNotificationDetails: Bool? = nil
    ) async throws -> NotificationPreferences {
        try await client.updateNotificationPreferences(
            NotificationPreferencesUpdate(
                notificationsEnabled: enabled, quietHoursStart: quietHoursStart, quietHoursEnd: quietHoursEnd, timezone: timezone, hideNotificationDetails: hideNotificationDetails)
        )
    }

    /// Everything the server keeps about the user, as the JSON document it sends.
    public func exportData() async throws -> Data {
        try await client.exportData()
    }

    /// Deletes the account and all its data, then forgets the session. `reauthentication` is the
    /// proof of a fresh sign-in the server asks for (see ``Reauthenticator``); without it the call
    /// succeeds only within five minutes of a sign-in, else throws
    /// ``KnotError/reauthenticationRequired(_:)`` (the session is kept).
    @discardableResult
    public func deleteAccount(reauthentication: AccountDeletionRequest? = nil) async throws -> AccountDeletion {
        try await client.deleteAccount(reauthentication: reauthentication)
    }
}
