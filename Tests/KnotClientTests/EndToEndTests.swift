import AsyncHTTPTransport
import Foundation
import KnotClient
import TestSupport
import Testing

/// The whole journey against the real server (in-process, SQLite, a real socket): once through the
/// `KnotClient` library on a socket (AsyncHTTPClient), once through the built `knot` executable.
@Suite("End to end against the real server", .serialized, .timeLimit(.minutes(3)))
struct EndToEndTests {
    static func onboardingVault() -> VaultDraft {
        VaultDraft(
            partnerName: "Alex", relationshipTenureMonths: 26, cohabitationStatus: .livingTogether,
            locationCity: "Austin", locationState: "TX", locationCountry: "US",
            interests: ["Cooking", "Hiking", "Coffee", "Music", "Board Games"],
            dislikes: ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"],
            milestones: [
                MilestoneDraft(milestoneType: .birthday, milestoneName: "Alex's Birthday", milestoneDate: "2000-03-15"),
                MilestoneDraft(milestoneType: .holiday, milestoneName: "Valentine's Day", milestoneDate: "2000-02-14"),
            ],
            vibes: [.outdoorsy, .romantic],
            budgets: [
                Budget(occasionType: .justBecause, minAmount: 2000, maxAmount: 5000),
                Budget(occasionType: .minorOccasion, minAmount: 5000, maxAmount: 15000),
                Budget(occasionType: .majorMilestone, minAmount: 10000, maxAmount: 50000),
            ],
            loveLanguages: LoveLanguages(primary: .qualityTime, secondary: .receivingGifts)
        )
    }

    @Test func signInOnboardHintsGenerateRefreshFeedbackThroughKnotClient() async throws {
        try await withLiveServer(.sqlite) { baseURL, _ in
            let store = InMemoryTokenStore()
            let api = KnotAPIClient(baseURL: baseURL, session: KnotSession(store: store), transport: AsyncHTTPClientTransport())

            let session = try await api.client.signInForDevelopment(email: "e2e@example.com")
            #expect(!session.accessToken.isEmpty)

            // Onboarding through the view model, submitting to the real server.
            let onboarding = await MainActor.run { OnboardingViewModel(api: api) }
            let submitted = await Self.completeOnboarding(onboarding)
            #expect(submitted)
            let vault = try await api.send(KnotRoutes.vault)
            #expect(vault.partnerName == "Alex")
            #expect(vault.interests.count == 5)
            #expect(vault.budgets.map(\.minAmount) == [2000, 5000, 10000])

            // A vault the server rejects names the field.
            do {
                var bad = Self.onboardingVault()
                bad.vibes = []
                _ = try await api.send(KnotRoutes.updateVault, body: bad)
                Issue.record("expected a validation error")
            } catch KnotError.validation(_, let fields) {
                #expect(fields.map(\.field).contains("vibes"))
            }

            let hint = try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "She keeps looking at pour-over coffee kits"))
            _ = try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "Wants to hike the Barton Creek greenbelt"))
            let page = try await api.send(KnotRoutes.hints, query: HintListQuery(page: PageQuery(limit: 10)))
            #expect(page.total == 2)
            #expect(page.hints.first?.id != hint.id)
            let found = try await api.send(KnotRoutes.searchHints, query: HintSearchQuery(q: "coffee"))
            #expect(found.hints.contains { $0.id == hint.id })

            let first = try await api.send(KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: .majorMilestone))
            #expect(first.recommendations.count == 3)
            let second = try await api.send(
                KnotRoutes.refreshRecommendations, body: RefreshRecommendationsRequest(rejectedRecommendationIds: first.recommendations.map(\.id), rejectionReason: .showDifferent))
            #expect(second.rejectionReason == .showDifferent)
            #expect(Set(second.recommendations.map(\.id)).isDisjoint(with: first.recommendations.map(\.id)))

            let record = try await api.send(KnotRoutes.recordFeedback, second.recommendations[0].id, body: FeedbackRequest(action: .selected))
            #expect(record.action == .selected)
            let rated = try await api.send(KnotRoutes.recordFeedback, second.recommendations[0].id, body: FeedbackRequest(action: .rated, rating: 4, feedbackText: "Nice"))
            #expect(rated.rating == 4)
            await #expect(
                throws: KnotError.validation(
                    message: "rating: is required when action is rated", fields: [FieldError(field: "rating", message: "is required when action is rated")])
            ) {
                try await api.send(KnotRoutes.recordFeedback, second.recommendations[0].id, body: FeedbackRequest(action: .rated))
            }
            let weights = try await api.send(KnotRoutes.analyzeFeedback)
            #expect(weights.feedbackCount >= 2)
            let fetched = try await api.send(KnotRoutes.recommendation, second.recommendations[0].id)
            #expect(fetched.title == second.recommendations[0].title)
            #expect(api.shareURL(for: fetched)?.host == "127.0.0.1")

            let preferences = try await api.client.updateNotificationPreferences(NotificationPreferencesUpdate(quietHoursStart: 21, hideNotificationDetails: true))
            #expect(preferences.quietHoursStart == 21 && preferences.hideNotificationDetails)

            // The vault's milestones have reminders scheduled on the real server, 14/7/3 days ahead.
            let upcoming = try await api.send(KnotRoutes.upcomingNotifications)
            #expect(upcoming.count == upcoming.notifications.count)
            #expect(upcoming.notifications.allSatisfy { [14, 7, 3].contains($0.daysBefore) && $0.scheduledFor > Date() })
            #expect(try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery()).total == 0)
            await #expect(throws: KnotError.self) { try await api.send(KnotRoutes.markNotificationViewed, NotificationID()) }
            let export = try await api.client.exportData()
            #expect(String(decoding: export, as: UTF8.self).contains("pour-over"))

            try await api.send(KnotRoutes.deleteHint, hint.id)
            await #expect(throws: KnotError.notFound("Hint not found.")) { try await api.send(KnotRoutes.deleteHint, hint.id) }

            await api.client.signOut()
            #expect(try store.load() == nil)
            await #expect(throws: KnotError.unauthorized("Not signed in. Sign in first.")) { try await api.send(KnotRoutes.vault) }
        }
    }

    @Test func refreshTokensRotateAndAStolenRefreshEndsTheSession() async throws {
        // No reuse grace: the replay below comes moments after the rotation, which a grace window
        // would answer with the same pair (two tabs refreshing at once) instead of revoking.
        try await withLiveServer(
            .sqlite,
            configure: {
                // 5 s, under the SDK's 30 s refresh margin (so every call refreshes first), yet long enough
                // that a token is not expired by a loaded machine's stall between refresh and use.
                $0.accessTokenTTL = 5
                $0.refreshReuseGraceSeconds = 0
            }
        ) { baseURL, _ in
            let store = InMemoryTokenStore()
            let api = KnotAPIClient(baseURL: baseURL, session: KnotSession(store: store), transport: AsyncHTTPClientTransport())
            try await api.client.signInForDevelopment(email: "rotate@example.com")
            let original = try #require(try store.load())

            // The access token counts as expired at once (TTL 5 s < the 30 s margin): every call refreshes first.
            _ = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<5 { group.addTask { try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery()).total } }
                return try await group.reduce(0, +)
            }
            let rotated = try #require(try store.load())
            #expect(rotated.refreshToken != original.refreshToken)

            // Someone replays the spent refresh token: the server revokes the family.
            let replay = HTTPRequestData(
                method: "POST", url: baseURL.appendingPathComponent("knot/auth/refresh"),
                headers: ["Content-Type": "application/json"], body: Data(#"{"refresh_token":"\#(original.refreshToken)"}"#.utf8)
            )
            let status = try await AsyncHTTPClientTransport().send(replay).status
            #expect(status == 401)

            await #expect(throws: KnotError.self) { try await api.send(KnotRoutes.notificationHistory, query: NotificationHistoryQuery()) }
            #expect(try store.load() == nil)
        }
    }

    @Test func anUnreachableServerIsOffline() async throws {
        let api = KnotAPIClient(baseURL: URL(string: "http://127.0.0.1:9")!, session: KnotSession(store: InMemoryTokenStore()), transport: AsyncHTTPClientTransport(), retry: .none)
        do {
            try await api.client.signInForDevelopment(email: "x@example.com")
            Issue.record("expected offline")
        } catch let error as KnotError {
            guard case .offline = error else { Issue.record("expected offline, got \(error)"); return }
        }
    }

    @MainActor
    static func completeOnboarding(_ model: OnboardingViewModel) async -> Bool {
        model.next()
        model.partnerName = "Alex"
        model.locationCity = "Austin"
        model.locationState = "TX"
        model.relationshipTenureMonths = 26
        model.next()
        for name in ["Cooking", "Hiking", "Coffee", "Music", "Board Games"] { model.toggleInterest(name) }
        model.next()
        for name in ["Cars", "Gaming", "Sports", "Karaoke", "Shopping"] { model.toggleDislike(name) }
        model.next()
        model.birthday = MonthDay(month: 3, day: 15)
        model.toggleHoliday(.valentinesDay)
        model.toggleHoliday(.mothersDay)
        model.addCustomMilestone(CustomMilestone(name: "Paris trip", date: MonthDay(month: 6, day: 1), year: 2031, recurrence: .oneTime, budgetTier: .majorMilestone))
        model.next()
        model.toggleVibe(.outdoorsy)
        model.toggleVibe(.romantic)
        model.next()
        model.next()
        model.selectPrimaryLoveLanguage(.qualityTime)
        model.selectSecondaryLoveLanguage(.receivingGifts)
        model.next()
        guard model.step == .completion else { return false }
        return await model.submit()
    }
}
