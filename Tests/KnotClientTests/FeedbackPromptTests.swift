import Foundation
import Testing

@testable import KnotClient

/// Waits a review-prompt delay records instead of sleeping.
final class SleepRecorder: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: [Duration] = []
    func record(_ value: Duration) { lock.withLock { stored.append(value) } }
    var waits: [Duration] { lock.withLock { stored } }
}

@Suite("Feedback prompt rules", .timeLimit(.minutes(3)))
struct FeedbackPromptRulesTests {
    let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    func selection(_ type: RecommendationType = .gift, at date: Date, purchased: Date? = nil, closed: Date? = nil) -> TrackedSelection {
        TrackedSelection(recommendationId: RecommendationID(), title: "x", recommendationType: type, selectedAt: date, purchasedAt: purchased, closedAt: closed)
    }

    @Test func aSelectionIsDueExactlyThreeDaysLaterAndAPurchaseAtOnce() {
        let selected = selection(at: t0)
        #expect(FeedbackPromptRules.nextDue(in: [selected], at: t0.addingTimeInterval(3 * 86_400 - 1)) == nil)
        #expect(FeedbackPromptRules.nextDue(in: [selected], at: t0.addingTimeInterval(3 * 86_400)) == selected)
        let bought = selection(at: t0, purchased: t0.addingTimeInterval(60))
        #expect(FeedbackPromptRules.nextDue(in: [bought], at: t0.addingTimeInterval(60)) == bought)
        #expect(FeedbackPromptRules.nextDue(in: [selection(at: t0, closed: t0)], at: t0.addingTimeInterval(10 * 86_400)) == nil, "answered or dismissed: never again")
        let older = selection(at: t0.addingTimeInterval(-10 * 86_400))
        #expect(FeedbackPromptRules.nextDue(in: [older, bought], at: t0.addingTimeInterval(3 * 86_400)) == bought, "a purchase comes first")
    }

    @Test func theReviewPromptNeedsFiveStarsAndNinetyDays() {
        #expect(FeedbackPromptRules.reviewAllowed(rating: 5, lastPromptedAt: nil, now: t0))
        #expect(FeedbackPromptRules.reviewAllowed(rating: 4, lastPromptedAt: nil, now: t0) == false)
        #expect(FeedbackPromptRules.reviewAllowed(rating: 5, lastPromptedAt: t0.addingTimeInterval(-90 * 86_400 + 1), now: t0) == false)
        #expect(FeedbackPromptRules.reviewAllowed(rating: 5, lastPromptedAt: t0.addingTimeInterval(-90 * 86_400), now: t0))
    }

    @Test func wordingFollowsTheRecommendationType() {
        #expect(RatedItemKind(.gift) == .gift)
        #expect(RatedItemKind(.experience) == .experience)
        #expect(RatedItemKind(.date) == .experience)
    }
}

@MainActor
@Suite("Rating and review prompts", .timeLimit(.minutes(3)))
struct FeedbackPromptsViewModelTests {
    let server = FakeKnotServer()
    let clock = MutableClock(Date(timeIntervalSince1970: 1_790_000_000))
    let sleeps = SleepRecorder()

    func picks() async throws -> (KnotAPIClient, [Recommendation]) {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        return (api, try await api.send(KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: .justBecause)).recommendations)
    }

    func prompts(_ api: KnotAPIClient, store: any FeedbackPromptStore) -> FeedbackPromptsViewModel {
        let clock = clock, sleeps = sleeps
        return FeedbackPromptsViewModel(api: api, store: store, partnerName: "Alex", now: { clock.now }, sleep: { sleeps.record($0) })
    }

    /// Waits for the review-prompt check a rating may have started.
    func settle(_ model: FeedbackPromptsViewModel) async {
        if let check = model.reviewCheck { await check.value }
    }

    @Test func theRatingPromptIsDueThreeDaysAfterASelection() async throws {
        let (api, picks) = try await picks()
        let model = prompts(api, store: InMemoryFeedbackPromptStore())
        model.recordSelection(picks[2])  // a date

        clock.advance(by: 3 * 86_400 - 1)
        model.checkForDuePrompt()
        #expect(model.pendingRatingPrompt == nil)
        clock.advance(by: 1)
        model.checkForDuePrompt()

        let prompt = try #require(model.pendingRatingPrompt)
        #expect(prompt.recommendationId == picks[2].id)
        #expect(prompt.trigger == .selected)
        #expect(prompt.question == "How did Alex like the experience?")
        model.partnerName = nil
        #expect(model.pendingRatingPrompt?.question == "How did your partner like the experience?")
    }

    @Test func anAnsweredPromptIsStoredAndNeverComesBack() async throws {
        let (api, picks) = try await picks()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-prompts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileFeedbackPromptStore(fileURL: folder.appendingPathComponent("prompts.json"))
        let model = prompts(api, store: store)
        model.recordPurchase(picks[0])
        #expect(model.pendingRatingPrompt?.question == "How did Alex like the gift?")

        #expect(await model.submitRating(4, text: "She liked it"))

        #expect(server.with { $0.feedback.map { [$0.1.rawValue, "\($0.2 ?? 0)"] } } == [["rated", "4"]])
        #expect(model.pendingRatingPrompt == nil)
        clock.advance(by: 10 * 86_400)
        model.checkForDuePrompt()
        #expect(model.pendingRatingPrompt == nil)
        let relaunched = prompts(api, store: FileFeedbackPromptStore(fileURL: folder.appendingPathComponent("prompts.json")))
        relaunched.checkForDuePrompt()
        #expect(relaunched.pendingRatingPrompt == nil, "remembered across launches")
        await settle(model)
        #expect(model.reviewPromptDue == false, "4 stars never ask for a review")
    }

    @Test func aDismissedPromptNeverComesBack() async throws {
        let (api, picks) = try await picks()
        let store = InMemoryFeedbackPromptStore()
        let model = prompts(api, store: store)
        model.recordSelection(picks[0])
        model.recordSelection(picks[1])
        clock.advance(by: 3 * 86_400)
        model.checkForDuePrompt()
        let first = try #require(model.pendingRatingPrompt)

        model.dismissRatingPrompt()

        let second = try #require(model.pendingRatingPrompt, "the next due selection follows")
        #expect(second.recommendationId != first.recommendationId)
        model.dismissRatingPrompt()
        #expect(model.pendingRatingPrompt == nil)
        clock.advance(by: 30 * 86_400)
        prompts(api, store: store).checkForDuePrompt()
        model.checkForDuePrompt()
        #expect(model.pendingRatingPrompt == nil)
        #expect(server.with { $0.feedback.isEmpty }, "dismissing records nothing")
    }

    @Test func aRatingTheServerRefusesKeepsThePrompt() async throws {
        let (api, picks) = try await picks()
        let model = prompts(api, store: InMemoryFeedbackPromptStore())
        model.recordPurchase(picks[0])
        server.fail("POST", "/knot/api/v1/recommendations/", with: .offline)

        #expect(await model.submitRating(5) == false)
        #expect(model.pendingRatingPrompt?.recommendationId == picks[0].id)
        #expect(model.errorMessage?.hasPrefix("Your rating was not saved") == true)
        #expect(await model.submitRating(0) == false, "0 stars is not a rating")
        #expect(model.reviewPromptDue == false)
    }

    @Test func fiveStarsAskForAReviewTwoSecondsLaterAtMostEveryNinetyDays() async throws {
        let (api, picks) = try await picks()
        let store = InMemoryFeedbackPromptStore()
        let model = prompts(api, store: store)
        #expect(FeedbackPromptsViewModel.reviewQuestion == "Would you like to share your experience with others?")

        model.recordPurchase(picks[0])
        #expect(await model.submitRating(5))
        await settle(model)

        #expect(sleeps.waits == [.seconds(2)])
        #expect(model.reviewPromptDue)
        #expect(try store.load().lastReviewPromptAt == clock.now)
        #expect(model.answerReviewPrompt(accepted: true), "yes: the app requests the review")
        #expect(model.reviewPromptDue == false)

        // 89 days later another 5-star rating asks nothing…
        clock.advance(by: 89 * 86_400)
        model.recordPurchase(picks[1])
        #expect(await model.submitRating(5))
        await settle(model)
        #expect(model.reviewPromptDue == false)
        // …90 days after the last prompt it may ask again.
        clock.advance(by: 1 * 86_400)
        model.recordPurchase(picks[2])
        #expect(await model.submitRating(5))
        await settle(model)
        #expect(model.reviewPromptDue)
        #expect(model.answerReviewPrompt(accepted: false) == false, "no: nothing to request")
    }

    @Test func ratingsBelowFiveNeverAskForAReview() async throws {
        let (api, picks) = try await picks()
        let model = prompts(api, store: InMemoryFeedbackPromptStore())
        for (pick, rating) in zip(picks, [1, 3, 4]) {
            model.recordPurchase(pick)
            #expect(await model.submitRating(rating))
            await settle(model)
        }
        #expect(sleeps.waits.isEmpty)
        #expect(model.reviewPromptDue == false)
    }
}
