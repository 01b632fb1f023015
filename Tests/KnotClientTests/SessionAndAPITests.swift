import Foundation
import Testing

@testable import KnotClient

@Suite("KnotAPIClient, session and errors", .timeLimit(.minutes(3)))
struct SessionAndAPITests {
    @Test func devSignInStoresTheSessionInTheTokenStore() async throws {
        let server = FakeKnotServer()
        let store = InMemoryTokenStore()
        let api = makeAPI(server, store: store)

        let session = try await api.client.signInForDevelopment(email: "sam@example.com")

        #expect(session.accessToken == "access-1")
        #expect(try store.load()?.refreshToken == "refresh-1")
        #expect(try store.load()?.email == "sam@example.com")
        #expect(await api.session.isSignedIn)
    }

    @Test func concurrentCallersWithAnExpiredTokenShareOneRefresh() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        server.expireAccessTokens()
        server.with { $0.refreshDelayNanoseconds = 20_000_000 }

        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await api.send(KnotRoutes.vault).partnerName } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }

        #expect(names == Array(repeating: "Alex", count: 8))
        // Two refreshes would have spent refresh-1 twice, which the server treats as theft.
        #expect(server.with { $0.refreshCalls } == 1)
        #expect(server.with { $0.revoked } == false)
        #expect(await api.session.stored?.accessToken == "access-2")
    }

    @Test func twoClientsSharingAStoreNeverSpendARefreshTokenTwice() async throws {
        // Two `knot` processes share one session file: the second must pick up the first's rotation.
        let server = FakeKnotServer()
        let store = server.signedInStore()
        let first = makeAPI(server, store: store)
        let second = makeAPI(server, store: store)
        server.expireAccessTokens()

        _ = try await first.send(KnotRoutes.hints, query: HintListQuery())
        _ = try await second.send(KnotRoutes.hints, query: HintListQuery())

        #expect(server.with { $0.refreshCalls } == 1)
        #expect(server.with { $0.revoked } == false)
        #expect(await second.session.stored?.refreshToken == "refresh-2")
    }

    @Test func appleAndGoogleSignInSendTheIdentityToken() async throws {
        let server = FakeKnotServer()
        let store = InMemoryTokenStore()
        let api = makeAPI(server, store: store)

        await #expect(throws: KnotError.unauthorized("The identity token is not valid.")) { try await api.client.signIn(provider: .apple, idToken: "forged", nonce: "n") }
        #expect(try store.load() == nil)
        try await api.client.signIn(provider: .apple, idToken: "valid-apple-token", nonce: "raw-nonce")
        let body = server.json(of: server.requests("POST", "/knot/auth/apple").last!)
        #expect(body["id_token"] as? String == "valid-apple-token")
        #expect(body["nonce"] as? String == "raw-nonce")
        #expect(try store.load()?.accessToken == "access-1")
        try await api.client.signIn(provider: .google, idToken: "valid-google-token", nonce: nil)
        #expect(try store.load()?.accessToken == "access-2")
    }

    @Test func anExpiredAccessTokenIsRefreshedBeforeTheRequest() async throws {
        let server = FakeKnotServer()
        let clock = MutableClock(Date())
        let api = makeAPI(server, store: InMemoryTokenStore(), now: { clock.now })
        try await api.client.signInForDevelopment(email: "sam@example.com")
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        clock.advance(by: 1000)

        _ = try await api.send(KnotRoutes.vault)

        #expect(server.with { $0.refreshCalls } == 1)
        // The vault GET went out once, already with the new token: no 401 round trip.
        let gets = server.requests("GET", "/knot/api/v1/vault")
        #expect(gets.count == 1)
        #expect(gets.first?.headers["Authorization"] == "Bearer access-2")
    }

    @Test func aRefusedRefreshSignsOutAndClearsTheStore() async throws {
        let server = FakeKnotServer()
        let store = server.signedInStore()
        let api = makeAPI(server, store: store)
        server.with { $0.revoked = true }
        server.expireAccessTokens()
        let signedOut = Flag()
        await api.session.onSignedInChange { if !$0 { signedOut.set() } }

        await #expect(throws: KnotError.self) { try await api.send(KnotRoutes.vault) }
        do {
            _ = try await api.send(KnotRoutes.vault)
            Issue.record("expected unauthorized")
        } catch let error as KnotError {
            guard case .unauthorized = error else { Issue.record("expected unauthorized, got \(error)"); return }
        }
        #expect(try store.load() == nil)
        #expect(await api.session.isSignedIn == false)
        #expect(signedOut.isSet)
    }

    @Test func anOfflineRefreshKeepsTheSession() async throws {
        let server = FakeKnotServer()
        let store = server.signedInStore()
        let api = makeAPI(server, store: store)
        server.expireAccessTokens()
        server.fail("POST", "/knot/auth/refresh", with: .offline, times: 3)

        await #expect(throws: KnotError.offline("injected: server unreachable")) { try await api.send(KnotRoutes.deleteHint, HintID()) }
        #expect(try store.load() != nil)
    }

    @Test func idempotentRequestsAreRetriedWithBackoff() async throws {
        let server = FakeKnotServer()
        let delays = DelayRecorder()
        let api = makeAPI(server, delays: delays)
        server.fail("GET", "/knot/api/v1/hints", with: .offline)
        server.fail("GET", "/knot/api/v1/hints", with: .status(503))

        let page = try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: 3)))

        #expect(page.hints.isEmpty)
        #expect(server.requests("GET", "/knot/api/v1/hints").count == 3)
        #expect(delays.delays == [0.5, 1.0])
    }

    @Test func retriesStopAfterTheLastAttempt() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)
        server.fail("GET", "/knot/api/v1/vault", with: .offline, times: 5)

        await #expect(throws: KnotError.offline("injected: server unreachable")) { try await api.send(KnotRoutes.vault) }
        #expect(server.requests("GET", "/knot/api/v1/vault").count == 3)
    }

    @Test func postsAreNeverRetried() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)
        server.fail("POST", "/knot/api/v1/hints", with: .offline)
        server.fail("POST", "/knot/api/v1/vault", with: .status(503))

        await #expect(throws: KnotError.self) { try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "flowers")) }
        await #expect(throws: KnotError.self) { try await api.send(KnotRoutes.createVault, body: sampleDraft()) }
        #expect(server.requests("POST", "/knot/api/v1/hints").count == 1)
        #expect(server.requests("POST", "/knot/api/v1/vault").count == 1)
        #expect(server.with { $0.hints.isEmpty && $0.vault == nil })
    }

    @Test func rateLimitingWaitsForRetryAfter() async throws {
        let server = FakeKnotServer()
        let delays = DelayRecorder()
        let api = makeAPI(server, delays: delays)
        server.fail("GET", "/knot/api/v1/users/me/notification-preferences", with: .status(429, headers: ["retry-after": "3"]))

        _ = try await api.client.notificationPreferences()
        #expect(delays.delays == [3])

        server.fail("POST", "/knot/api/v1/hints", with: .status(429, headers: ["Retry-After": "7"]))
        await #expect(throws: KnotError.rateLimited(retryAfter: 7)) { try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "a scarf")) }
    }

    @Test func errorsAreTypedByStatus() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)

        await #expect(throws: KnotError.validation(message: "interests", fields: [FieldError(field: "interests", message: "must have exactly 5 categories")])) {
            var draft = sampleDraft()
            draft.interests.removeLast()
            _ = try await api.send(KnotRoutes.createVault, body: draft)
        }
        await #expect(throws: KnotError.notFound("No partner vault yet.")) { try await api.send(KnotRoutes.vault) }
        await #expect(throws: KnotError.notFound("Hint not found.")) { try await api.send(KnotRoutes.deleteHint, HintID()) }
        server.fail("POST", "/knot/api/v1/hints", with: .status(500, body: #"{"error":{"code":"internal","message":"Something went wrong"}}"#))
        await #expect(throws: KnotError.server(status: 500, code: "internal", message: "Something went wrong")) {
            try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "x"))
        }
    }

    @Test func notSignedInIsUnauthorizedWithoutARequest() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server, signedIn: false)

        await #expect(throws: KnotError.unauthorized("Not signed in. Sign in first.")) { try await api.send(KnotRoutes.vault) }
        #expect(server.with { $0.requests.isEmpty })
    }

    @Test func notificationContractDecodesExactly() throws {
        let upcoming = Data(
            """
            {"notifications":[{"id":"6f1c1f4e-0000-4000-8000-000000000001","milestone_id":"6f1c1f4e-0000-4000-8000-000000000002","milestone_name":"Alex's Birthday","milestone_type":"birthday","milestone_date":"2027-03-15","days_before":14,"scheduled_for":"2027-03-01T14:00:00Z","status":"pending"}],"count":1}
            """.utf8)
        let history = Data(
            """
            {"notifications":[{"id":"6f1c1f4e-0000-4000-8000-000000000003","milestone_id":null,"milestone_name":"Deleted Milestone","milestone_type":"custom","milestone_date":null,"days_before":3,"status":"failed","sent_at":null,"viewed_at":null,"created_at":"2026-11-01T09:30:00.250Z","recommendations_count":0}],"total":1}
            """.utf8)
        let viewed = Data(#"{"id":"6f1c1f4e-0000-4000-8000-000000000003","viewed_at":"2026-11-21T10:00:00.000Z"}"#.utf8)

        let decodedUpcoming = try WireFormat.decoder().decode(UpcomingNotifications.self, from: upcoming)
        let decodedHistory = try WireFormat.decoder().decode(NotificationHistoryPage.self, from: history)
        let receipt = try WireFormat.decoder().decode(ViewedReceipt.self, from: viewed)

        #expect(decodedUpcoming.notifications[0].daysBefore == 14)
        #expect(decodedUpcoming.notifications[0].scheduledFor == Date(timeIntervalSince1970: 1_803_909_600))
        #expect(decodedHistory.notifications[0].milestoneId == nil)
        #expect(decodedHistory.notifications[0].milestoneName == "Deleted Milestone")
        #expect(decodedHistory.notifications[0].isViewed == false)
        #expect(abs(decodedHistory.notifications[0].createdAt.timeIntervalSince1970 - 1_793_525_400.25) < 0.001)
        #expect(receipt.viewedAt == Date(timeIntervalSince1970: 1_795_255_200))
    }

    @Test func markViewedPatchesTheNotificationPath() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)
        let id = NotificationID()
        server.with {
            $0.history = [
                NotificationHistoryItem(
                    id: id, milestoneId: nil, milestoneName: "Deleted Milestone", milestoneType: "custom", milestoneDate: nil, daysBefore: 7, status: "sent", sentAt: $0.clock,
                    viewedAt: nil, createdAt: $0.clock, recommendationsCount: 0)
            ]
        }

        let receipt = try await api.send(KnotRoutes.markNotificationViewed, id)

        #expect(receipt.id == id)
        #expect(server.requests("PATCH", "/knot/api/v1/notifications/\(id)/viewed").count == 1)
        await #expect(throws: KnotError.notFound("Notification not found.")) { try await api.send(KnotRoutes.markNotificationViewed, NotificationID()) }
    }

    @Test func fileTokenStoreIsPrivateAndRoundTrips() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(fileURL: folder.appendingPathComponent("nested/session.json"))
        let session = StoredSession(
            serverUrl: "http://127.0.0.1:8080", email: "a@b.co", userId: "u", accessToken: "a", refreshToken: "r", accessTokenExpiresAt: Date(timeIntervalSince1970: 1_800_000_000))

        try store.save(session)
        try store.save(session)

        #expect(try store.load() == session)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try store.clear()
        #expect(try store.load() == nil)
    }

    @Test func requestBodiesUseSnakeCase() async throws {
        let server = FakeKnotServer()
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        let body = server.json(of: server.requests("POST", "/knot/api/v1/vault")[0])

        #expect(body["partner_name"] as? String == "Alex")
        #expect((body["love_languages"] as? [String: String])?["primary"] == "quality_time")
        #expect(((body["budgets"] as? [[String: Any]])?.first?["occasion_type"] as? String) == "just_because")
    }
}

/// A clock tests move by hand.
final class MutableClock: @unchecked Sendable {
    // @unchecked Sendable: `current` is only touched while holding `lock`.
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// A flag set from any thread.
final class Flag: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
