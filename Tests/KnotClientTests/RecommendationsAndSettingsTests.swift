import Foundation
import Testing

@testable import KnotClient

@MainActor
@Suite("Recommendations, notifications and settings view models", .timeLimit(.minutes(3)))
struct RecommendationsAndSettingsTests {
    let server = FakeKnotServer()

    func readyAPI() async throws -> KnotAPIClient {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        return api
    }

    // MARK: Recommendations

    @Test func generateShowsThreeCardsAndRefreshSendsTheReasonAndRejectedIDs() async throws {
        let model = RecommendationsViewModel(api: try await readyAPI())
        await model.generate(occasion: .majorMilestone)
        #expect(model.recommendations.count == 3)
        let first = model.recommendations.map(\.id)

        await model.refresh(reason: .tooExpensive)

        #expect(model.recommendations.count == 3)
        #expect(Set(model.recommendations.map(\.id)).isDisjoint(with: first))
        let body = server.json(of: server.requests("POST", "/knot/api/v1/recommendations/refresh")[0])
        #expect(body["rejection_reason"] as? String == "too_expensive")
        #expect(body["rejected_recommendation_ids"] as? [String] == first.map(\.description))
        #expect(model.refreshReasons.count == 5)
        #expect(Set(model.refreshReasons.map(\.rawValue)) == ["too_expensive", "too_cheap", "not_their_style", "already_have_similar", "show_different"])
    }

    @Test func vibeOverrideIsForThisSessionOnly() async throws {
        let api = try await readyAPI()
        let model = RecommendationsViewModel(api: api)
        #expect(model.setVibeOverride([.vintage, .minimalist]))
        #expect(model.setVibeOverride([.vintage, .minimalist, .bohemian, .romantic, .adventurous]) == false)

        await model.generate(occasion: .justBecause)
        await model.refresh(reason: .notTheirStyle)

        let generate = server.json(of: server.requests("POST", "/knot/api/v1/recommendations/generate")[0])
        let refresh = server.json(of: server.requests("POST", "/knot/api/v1/recommendations/refresh")[0])
        #expect(generate["vibe_override"] as? [String] == ["vintage", "minimalist"])
        #expect(refresh["vibe_override"] as? [String] == ["vintage", "minimalist"])
        // The vault keeps its own vibes, and a new screen starts without the override.
        #expect(server.requests("PUT", "/knot/api/v1/vault").isEmpty)
        #expect(server.with { $0.vault?.vibes } == [.outdoorsy, .romantic])
        let next = RecommendationsViewModel(api: api)
        await next.generate(occasion: .justBecause)
        #expect(server.json(of: server.requests("POST", "/knot/api/v1/recommendations/generate")[1])["vibe_override"] == nil)
        model.setVibeOverride(nil)
        #expect(model.vibeOverride == nil)
    }

    @Test func selectHandoffPurchaseAndRatingRecordFeedback() async throws {
        let model = RecommendationsViewModel(api: try await readyAPI())
        await model.generate(occasion: .minorOccasion)
        let card = model.recommendations[0]

        model.select(card)
        let url = await model.confirmSelection()
        #expect(url == URL(string: "https://shop.example/1"))
        model.returnedFromMerchant()
        #expect(model.showPurchasePrompt)
        await model.confirmPurchase()
        #expect(model.showRatingPrompt)
        await model.ratePurchase(5, text: "Loved it")

        let recorded = server.with { $0.feedback }
        #expect(recorded.map(\.1) == [.selected, .handoff, .purchased, .rated])
        #expect(recorded.allSatisfy { $0.0 == card.id })
        #expect(recorded.last?.2 == 5)
        #expect(model.pendingHandoff == nil)
    }

    @Test func saveOnceAndShareWithLinkAndPrice() async throws {
        let model = RecommendationsViewModel(api: try await readyAPI())
        await model.generate(occasion: .justBecause)
        let card = model.recommendations[0]

        await model.save(card)
        await model.save(card)
        let message = await model.share(card)

        #expect(model.isSaved(card))
        #expect(server.with { $0.feedback.map(\.1) } == [.saved, .shared])
        #expect(message == "Pick 1.1 · from Shop 1 · $50\nhttp://fake/knot/r/1?sig=abc")
    }

    @Test func pricesDropDecimalsOnlyForWholeAmountsAndFollowTheCurrency() {
        let prices = PriceFormatter()
        #expect(prices.format(cents: 5000, currency: "USD") == "$50")
        #expect(prices.format(cents: 4999, currency: "USD") == "$49.99")
        #expect(prices.format(cents: 120_000, currency: "USD") == "$1,200")
        #expect(prices.format(cents: 1250, currency: "EUR") == "€12.50")
        #expect(prices.format(cents: 3000, currency: "GBP") == "£30")
        #expect(prices.format(cents: 5000, currency: "JPY") == "¥5,000")
        #expect(prices.format(cents: nil, currency: "USD") == "Price varies")
    }

    @Test func aFailedGenerateShowsTheErrorAndKeepsTheCards() async throws {
        let model = RecommendationsViewModel(api: try await readyAPI())
        await model.generate(occasion: .justBecause)
        server.fail("POST", "/knot/api/v1/recommendations/refresh", with: .offline)

        await model.refresh(reason: .showDifferent)

        #expect(model.recommendations.count == 3)
        #expect(model.errorMessage?.hasPrefix("Offline") == true)
        #expect(model.isRefreshing == false)
    }

    // MARK: Notifications

    func seedHistory(milestone: MilestoneID?) -> [NotificationHistoryItem] {
        server.with { server in
            server.history = (0..<3).map { index in
                NotificationHistoryItem(
                    id: NotificationID(), milestoneId: milestone, milestoneName: milestone == nil ? "Deleted Milestone" : "Birthday", milestoneType: "birthday",
                    milestoneDate: "2027-03-15", daysBefore: [14, 7, 3][index], status: "sent", sentAt: server.clock, viewedAt: index == 2 ? server.clock : nil,
                    createdAt: server.clock, recommendationsCount: 3)
            }
            return server.history
        }
    }

    @Test func openingANotificationMarksItViewedAndLoadsItsRecommendations() async throws {
        let api = try await readyAPI()
        let milestone = try #require(server.with { $0.vault?.milestones.first?.id })
        let items = seedHistory(milestone: milestone)
        let model = NotificationsViewModel(api: api)
        await model.load()
        #expect(model.notifications.count == 3)
        #expect(model.unviewedCount == 2)

        await model.open(model.notifications[0])

        #expect(model.notifications[0].isViewed)
        #expect(model.unviewedCount == 1)
        #expect(server.requests("PATCH", "/knot/api/v1/notifications/\(items[0].id)/viewed").count == 1)
        #expect(server.requests("GET", "/knot/api/v1/recommendations/by-milestone/\(milestone)").count == 1)
        #expect(server.with { $0.history[0].viewedAt } != nil)
        // Already viewed: no second PATCH.
        await model.open(model.notifications[2])
        #expect(server.requests("PATCH", "/knot/api/v1/notifications/\(items[2].id)/viewed").isEmpty)
        #expect(NotificationsViewModel.daysBeforeLabel(7) == "7 days before")
    }

    @Test func viewedStateStaysWhenTheServerCannotBeReached() async throws {
        let api = try await readyAPI()
        _ = seedHistory(milestone: nil)
        let model = NotificationsViewModel(api: api)
        await model.load()
        server.fail("PATCH", "/knot/api/v1/notifications/", with: .offline, times: 3)

        await model.open(model.notifications[1])

        #expect(model.notifications[1].isViewed)
        #expect(model.recommendationsError == "This milestone was deleted.")
    }

    @Test func historyPagesByOffset() async throws {
        let api = try await readyAPI()
        _ = seedHistory(milestone: nil)
        let model = NotificationsViewModel(api: api, pageSize: 2)
        await model.load()
        #expect(model.notifications.count == 2)
        #expect(model.hasMore)
        await model.loadMore()
        #expect(model.notifications.count == 3)
        #expect(model.hasMore == false)
        let last = try #require(server.requests("GET", "/knot/api/v1/notifications/history").last)
        #expect(last.url.query?.contains("offset=2") == true)
    }

    // MARK: Settings

    @Test func quietHoursAndTheSwitchSaveAndRollBack() async throws {
        let model = SettingsViewModel(api: try await readyAPI())
        await model.loadPreferences()
        #expect(model.preferences.quietHoursStart == 22)

        await model.setQuietHours(start: 21, end: 7)
        #expect(server.with { $0.preferences.quietHoursStart } == 21)
        await model.setQuietHours(start: 24, end: 7)
        #expect(model.preferencesError != nil)
        #expect(server.requests("PUT", "/knot/api/v1/users/me/notification-preferences").count == 1)

        server.fail("PUT", "/knot/api/v1/users/me/notification-preferences", with: .status(422, body: #"{"error":{"code":"validation_failed","message":"bad"}}"#))
        await model.setNotificationsEnabled(false)
        #expect(model.preferences.notificationsEnabled == true)
        await model.setNotificationsEnabled(false)
        #expect(model.preferences.notificationsEnabled == false)
        #expect(SettingsViewModel.formatHour(22) == "10:00 PM")
        #expect(SettingsViewModel.formatHour(0) == "12:00 AM")
        #expect(SettingsViewModel.formatHour(12) == "12:00 PM")
    }

    @Test func exportWritesTheServersDocument() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = SettingsViewModel(api: try await readyAPI(), exportDirectory: folder)

        let url = try #require(await model.exportData())

        #expect(try String(contentsOf: url, encoding: .utf8).contains(#""user":{"id":"user-1"}"#))
        #expect(model.exportedFileURL == url)
    }

    @Test func deletingTheAccountNeedsConfirmationAndSignsOut() async throws {
        let store = server.signedInStore()
        let api = makeAPI(server, store: store)
        let model = SettingsViewModel(api: api)

        #expect(await model.confirmAccountDeletion() == false)
        #expect(server.requests("DELETE", "/knot/api/v1/users/me").isEmpty)

        model.requestAccountDeletion()
        #expect(model.deletion == .awaitingConfirmation)
        model.cancelAccountDeletion()
        #expect(await model.confirmAccountDeletion() == false)

        model.requestAccountDeletion()
        #expect(await model.confirmAccountDeletion())
        #expect(model.deletion == .deleted)
        #expect(server.with { $0.accountDeleted })
        #expect(try store.load() == nil)
        #expect(model.isSignedOut)
    }

    @Test func signOutRevokesOnTheServerAndForgetsLocally() async throws {
        let store = server.signedInStore()
        let model = SettingsViewModel(api: makeAPI(server, store: store))
        await model.signOut()
        #expect(server.requests("POST", "/knot/auth/sign-out").count == 1)
        #expect(try store.load() == nil)
    }
}
