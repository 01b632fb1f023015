import Foundation

@testable import KnotClient

/// An in-memory Knot API behind ``HTTPTransport``: enough of the real server's behaviour (rotating
/// refresh tokens with reuse detection, vault, hints, recommendations, the notification contract,
/// preferences, export, deletion) for view-model and session tests, plus failure injection and a
/// log of every request.
final class FakeKnotServer: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: every mutable property is only touched while holding `lock`.
    enum Failure {
        case offline
        case status(Int, body: String = #"{"error":{"code":"x","message":"injected"}}"#, headers: [String: String] = [:])
    }

    private let lock = NSLock()
    private var failures: [(method: String, path: String, failure: Failure)] = []
    private(set) var requests: [HTTPRequestData] = []
    /// Runs for each request before it is answered (to look at a view model while it waits).
    var onRequest: (@Sendable (HTTPRequestData) async -> Void)?

    // Auth
    private var tokenCounter = 0
    var validAccess: Set<String> = []
    var liveRefresh: String?
    var spentRefresh: Set<String> = []
    var refreshCalls = 0
    var refreshDelayNanoseconds: UInt64 = 0
    var revoked = false

    // Data
    var vault: Vault?
    var hints: [Hint] = []
    var recommendations: [RecommendationID: Recommendation] = [:]
    var feedback: [(RecommendationID, FeedbackAction, Int?)] = []
    var history: [NotificationHistoryItem] = []
    var upcoming: [UpcomingNotification] = []
    var preferences = NotificationPreferences()
    var accountDeleted = false
    /// When set, `DELETE /users/me` needs a body proving a fresh sign-in (as the real server does once
    /// the sign-in is older than 5 minutes): provider `apple` with ``reauthenticationToken``.
    var requireReauthentication = false
    let reauthenticationToken = "fresh-apple-identity-token"
    private var batchCounter = 0
    let clock = Date(timeIntervalSince1970: 1_790_000_000)

    init() {}

    func with<T>(_ body: (FakeKnotServer) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(self)
    }

    /// The next request matching `method` and a path starting with `path` fails with `failure`.
    func fail(_ method: String, _ path: String, with failure: Failure, times: Int = 1) {
        with { server in for _ in 0..<times { server.failures.append((method, path, failure)) } }
    }

    /// Makes the current access token unacceptable, as if it had expired.
    func expireAccessTokens() { with { $0.validAccess.removeAll() } }

    func requests(_ method: String, _ path: String) -> [HTTPRequestData] {
        with { $0.requests.filter { $0.method == method && $0.url.path == path } }
    }

    func json(of request: HTTPRequestData) -> [String: Any] {
        request.body.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] } ?? [:]
    }

    /// A session store already holding a valid session with this server.
    func signedInStore() -> InMemoryTokenStore {
        let pair = with { $0.issuePair() }
        return InMemoryTokenStore(
            StoredSession(
                serverUrl: "http://fake", email: "t@example.com", userId: pair.userId, accessToken: pair.accessToken, refreshToken: pair.refreshToken,
                accessTokenExpiresAt: Date().addingTimeInterval(900)))
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        if let hook = with({ $0.onRequest }) { await hook(request) }
        let (failure, isRefresh, delay) = with { server -> (Failure?, Bool, UInt64) in
            server.requests.append(request)
            var found: Failure?
            if let index = server.failures.firstIndex(where: { $0.method == request.method && request.url.path.hasPrefix($0.path) }) {
                found = server.failures.remove(at: index).failure
            }
            return (found, request.url.path == KnotRoutes.platform.refresh.endpoint.path, server.refreshDelayNanoseconds)
        }
        switch failure {
        case .offline: throw KnotError.offline("injected: server unreachable")
        case .status(let status, let body, let headers): return HTTPResponseData(status: status, headers: headers, body: Data(body.utf8))
        case nil: break
        }
        if isRefresh, delay > 0 { try await Task.sleep(nanoseconds: delay) }
        return with { $0.route(request) }
    }

    // MARK: Routing (called with the lock held)

    private func issuePair() -> TokenPair {
        tokenCounter += 1
        let pair = TokenPair(accessToken: "access-\(tokenCounter)", refreshToken: "refresh-\(tokenCounter)", expiresIn: 900, userId: "user-1")
        validAccess = [pair.accessToken]
        liveRefresh = pair.refreshToken
        return pair
    }

    private func respond(_ status: Int, _ value: some Encodable) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: ["Content-Type": "application/json"], body: try! WireFormat.encoder().encode(value))
    }

    private func error(_ status: Int, _ code: String, _ message: String, fields: [FieldError] = [], headers: [String: String] = [:]) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: headers, body: try! WireFormat.encoder().encode(ErrorEnvelope(code: code, message: message, fields: fields)))
    }

    private func route(_ request: HTTPRequestData) -> HTTPResponseData {
        let path = request.url.path
        let body = json(of: request)
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        let endpoint = Endpoint(Endpoint.Method(rawValue: request.method) ?? .get, path)
        let auth = KnotRoutes.platform
        switch endpoint {
        case auth.devSignIn:
            guard let email = body["email"] as? String, email.contains("@") else {
                return error(422, "validation_failed", "email: must be an email address", fields: [FieldError(field: "email", message: "must be an email address")])
            }
            revoked = false
            return respond(200, issuePair())
        case auth.signIn(provider: .apple), auth.signIn(provider: .google):
            guard let token = body["id_token"] as? String, token == "valid-\(path.split(separator: "/").last!)-token" else {
                return error(401, "invalid_id_token", "The identity token is not valid.", headers: ["WWW-Authenticate": "Bearer"])
            }
            revoked = false
            return respond(200, issuePair())
        case auth.refresh:
            refreshCalls += 1
            let token = body["refresh_token"] as? String ?? ""
            if spentRefresh.contains(token) {
                // Reuse of a spent refresh token revokes the whole family, as the real server does.
                revoked = true
                validAccess.removeAll()
                liveRefresh = nil
                return error(401, "refresh_token_reused", "Refresh token reuse detected.", headers: ["WWW-Authenticate": "Bearer"])
            }
            guard !revoked, token == liveRefresh else { return error(401, "invalid_refresh_token", "Refresh token is not valid.") }
            spentRefresh.insert(token)
            return respond(200, issuePair())
        default: break
        }
        guard let bearer = request.headers["Authorization"], bearer.hasPrefix("Bearer "), validAccess.contains(String(bearer.dropFirst(7))), !accountDeleted else {
            return error(401, "invalid_token", "Access token expired.", headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        switch endpoint {
        case auth.signOut:
            revoked = true
            validAccess.removeAll()
            return HTTPResponseData(status: 204)
        case KnotRoutes.createVault, KnotRoutes.updateVault:
            guard let draft = try? WireFormat.decoder().decode(VaultDraft.self, from: request.body ?? Data()) else {
                return error(422, "validation_failed", "bad vault", fields: [FieldError(field: "partner_name", message: "is required")])
            }
            if draft.interests.count != VaultLimits.categoryCount {
                return error(422, "validation_failed", "interests", fields: [FieldError(field: "interests", message: "must have exactly 5 categories")])
            }
            if request.method == "POST", vault != nil { return error(409, "vault_exists", "A vault already exists.") }
            if request.method == "PUT", vault == nil { return error(404, "vault_not_found", "No partner vault yet.") }
            // A PUT naming another version than the stored one changes nothing (as the real server does).
            let ifMatch = request.method == "PUT" ? request.headers[PreconditionHeaders.ifMatch] : nil
            if let ifMatch, let vault, !EntityTag(updatedAt: vault.updatedAt).isMatched(byIfMatch: ifMatch) {
                return error(412, "precondition_failed", "This partner vault changed since you last loaded it: load it again and reapply your change.")
            }
            let stored = Vault(
                vaultId: vault?.vaultId ?? VaultID(), partnerName: draft.partnerName, relationshipTenureMonths: draft.relationshipTenureMonths,
                cohabitationStatus: draft.cohabitationStatus, locationCity: draft.locationCity, locationState: draft.locationState,
                locationCountry: draft.locationCountry ?? "US", interests: draft.interests, dislikes: draft.dislikes,
                milestones: draft.milestones.map {
                    Milestone(
                        id: $0.id ?? MilestoneID(), milestoneType: $0.milestoneType, milestoneName: $0.milestoneName, milestoneDate: $0.milestoneDate, recurrence: $0.recurrence,
                        budgetTier: $0.budgetTier ?? .majorMilestone)
                },
                vibes: draft.vibes, budgets: draft.budgets, loveLanguages: draft.loveLanguages, createdAt: vault?.createdAt ?? clock,
                // Every replace is a new version.
                updatedAt: vault.map { $0.updatedAt.addingTimeInterval(1) } ?? clock
            )
            vault = stored
            return respond(request.method == "POST" ? 201 : 200, stored)
        case KnotRoutes.vault:
            guard let vault else { return error(404, "vault_not_found", "No partner vault yet.") }
            return respond(200, vault)
        case KnotRoutes.addHint:
            let text = (body["hint_text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard (1...KnotCatalog.maxHintLength).contains(text.count) else {
                return error(422, "validation_failed", "hint_text", fields: [FieldError(field: "hint_text", message: "must be 1 to 500 characters")])
            }
            let hint = Hint(
                id: HintID(), hintText: text, source: HintSource(rawValue: body["source"] as? String ?? "text_input") ?? .textInput, isUsed: false,
                createdAt: clock.addingTimeInterval(Double(hints.count)))
            hints.insert(hint, at: 0)
            return respond(201, hint)
        case KnotRoutes.hints:
            // Newest first, in pages joined by an opaque cursor (here: "after:<index>").
            let limit = Int(query["limit"] ?? "50") ?? 50
            var start = 0
            if let cursor = query["cursor"] {
                guard cursor.hasPrefix("after:"), let index = Int(cursor.dropFirst(6)), index >= 0 else {
                    return error(422, "validation_failed", "cursor", fields: [FieldError(field: "cursor", message: "is not a cursor this server issued")])
                }
                start = index
            }
            let ordered = hints.sorted { $0.createdAt > $1.createdAt }
            let page = Array(ordered.dropFirst(start).prefix(limit))
            let next = start + page.count < ordered.count ? "after:\(start + page.count)" : nil
            return respond(200, HintPage(hints: page, total: hints.count, nextCursor: next))
        case KnotRoutes.upcomingNotifications:
            return respond(200, UpcomingNotifications(notifications: upcoming, count: upcoming.count))
        case KnotRoutes.notificationHistory:
            let limit = Int(query["limit"] ?? "50") ?? 50, offset = Int(query["offset"] ?? "0") ?? 0
            return respond(200, NotificationHistoryPage(notifications: Array(history.dropFirst(offset).prefix(limit)), total: history.count))
        case auth.notificationPreferences:
            return respond(200, preferences)
        case auth.updateNotificationPreferences:
            if let value = body["notifications_enabled"] as? Bool { preferences.notificationsEnabled = value }
            if let value = body["quiet_hours_start"] as? Int { preferences.quietHoursStart = value }
            if let value = body["quiet_hours_end"] as? Int { preferences.quietHoursEnd = value }
            return respond(200, preferences)
        case auth.export:
            return HTTPResponseData(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"user":{"id":"user-1"},"data":{"hints":[]}}"#.utf8))
        case auth.deleteAccount:
            if requireReauthentication, body["provider"] as? String != "apple" || body["id_token"] as? String != reauthenticationToken {
                return error(
                    401, "reauthentication_required", "Re-authentication required: sign in again.",
                    headers: [
                        "WWW-Authenticate": #"Bearer error="insufficient_user_authentication", error_description="Re-authentication required: sign in again to delete the account""#
                    ])
            }
            accountDeleted = true
            return respond(200, AccountDeletion(status: "deleted", message: "Account and all associated data have been permanently deleted."))
        case KnotRoutes.generateRecommendations, KnotRoutes.refreshRecommendations:
            guard vault != nil else { return error(404, "vault_not_found", "No vault.") }
            batchCounter += 1
            let occasion = OccasionType(rawValue: body["occasion_type"] as? String ?? "") ?? .justBecause
            let batch = (1...3).map { index in
                Recommendation(
                    id: RecommendationID(), occasionType: occasion, recommendationType: [.gift, .experience, .date][index - 1], title: "Pick \(batchCounter).\(index)",
                    description: "Description \(index)", priceCents: [5000, 4999, nil][index - 1], merchantName: "Shop \(index)", externalUrl: "https://shop.example/\(index)",
                    source: "catalog", finalScore: 0.9, createdAt: clock, shareUrl: "/knot/r/\(index)?sig=abc")
            }
            for item in batch { recommendations[item.id] = item }
            let reason = (body["rejection_reason"] as? String).flatMap(RejectionReason.init(rawValue:))
            return respond(200, RecommendationBatch(recommendations: batch, count: 3, occasionType: occasion, rejectionReason: reason))
        default: break
        }
        if let raw = KnotRoutes.deleteHint.match(endpoint) {
            guard let id = HintID(raw), let index = hints.firstIndex(where: { $0.id == id }) else { return error(404, "hint_not_found", "Hint not found.") }
            hints.remove(at: index)
            return HTTPResponseData(status: 204)
        }
        if let raw = KnotRoutes.markNotificationViewed.match(endpoint) {
            guard let id = NotificationID(raw), let index = history.firstIndex(where: { $0.id == id }) else {
                return error(404, "notification_not_found", "Notification not found.")
            }
            if history[index].viewedAt == nil { history[index].viewedAt = clock }
            return respond(200, ViewedReceipt(id: id, viewedAt: history[index].viewedAt!))
        }
        if let raw = KnotRoutes.recordFeedback.match(endpoint) {
            guard let id = RecommendationID(raw), recommendations[id] != nil, let action = FeedbackAction(rawValue: body["action"] as? String ?? "") else {
                return error(404, "recommendation_not_found", "Recommendation not found.")
            }
            let rating = body["rating"] as? Int
            feedback.append((id, action, rating))
            return respond(
                201,
                FeedbackRecord(
                    id: UUID().uuidString.lowercased(), recommendationId: id, action: action, rating: rating, feedbackText: body["feedback_text"] as? String, createdAt: clock))
        }
        if let raw = KnotRoutes.recommendation.match(endpoint) {
            guard let id = RecommendationID(raw), let found = recommendations[id] else { return error(404, "recommendation_not_found", "Recommendation not found.") }
            return respond(200, found)
        }
        if let raw = KnotRoutes.milestoneRecommendations.match(endpoint) {
            guard let id = MilestoneID(raw) else { return error(404, "milestone_not_found", "Milestone not found.") }
            let found = recommendations.values.filter { $0.milestoneId == id }
            return respond(200, MilestoneRecommendations(recommendations: found, count: found.count, milestoneId: id))
        }
        return error(404, "not_found", "No route for \(request.method) \(path).")
    }
}

/// A `KnotAPIClient` signed in to `server`, with retries that do not sleep and record their delays.
func makeAPI(
    _ server: FakeKnotServer, signedIn: Bool = true, store: (any TokenStore)? = nil, delays: DelayRecorder = DelayRecorder(), now: @escaping @Sendable () -> Date = { Date() }
) -> KnotAPIClient {
    let tokens = store ?? (signedIn ? server.signedInStore() : InMemoryTokenStore())
    let retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 8, sleep: { delays.record($0) })
    return KnotAPIClient(baseURL: URL(string: "http://fake")!, session: KnotSession(store: tokens, now: now), transport: server, retry: retry)
}

/// Collects the waits a ``RetryPolicy`` asked for.
final class DelayRecorder: @unchecked Sendable {
    // @unchecked Sendable: `values` is only touched while holding `lock`.
    private let lock = NSLock()
    private var values: [TimeInterval] = []
    func record(_ value: TimeInterval) { lock.withLock { values.append(value) } }
    var delays: [TimeInterval] { lock.withLock { values } }
}

/// A complete vault body for tests.
func sampleDraft(name: String = "Alex") -> VaultDraft {
    VaultDraft(
        partnerName: name, locationCity: "Austin", locationState: "TX", locationCountry: "US",
        interests: ["Cooking", "Hiking", "Coffee", "Music", "Board Games"],
        dislikes: ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"],
        milestones: [MilestoneDraft(milestoneType: .birthday, milestoneName: "Birthday", milestoneDate: "2000-03-15")],
        vibes: [.outdoorsy, .romantic],
        budgets: [
            Budget(occasionType: .justBecause, minAmount: 2000, maxAmount: 5000),
            Budget(occasionType: .minorOccasion, minAmount: 5000, maxAmount: 15000),
            Budget(occasionType: .majorMilestone, minAmount: 10000, maxAmount: 50000),
        ],
        loveLanguages: LoveLanguages(primary: .qualityTime, secondary: .receivingGifts)
    )
}
