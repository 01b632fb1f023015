import Foundation
import Testing

@testable import KnotClient

@Suite("Deep links", .timeLimit(.minutes(3)))
struct DeepLinkParsingTests {
    let id = RecommendationID()

    @Test func universalLinksAndTheAppSchemeParseToRoutes() throws {
        let milestone = MilestoneID()
        let accepted: [(String, KnotDeepLink)] = [
            ("https://knot.example.com/knot/recommendation/\(id)?sig=abc", .recommendation(id)),
            ("http://127.0.0.1:8080/knot/recommendation/\(id)", .recommendation(id)),
            ("https://knot.example.com/knot/recommendation/\(id)/", .recommendation(id)),
            ("https://knot.example.com/knot/recommendation/\(id.description.uppercased())", .recommendation(id)),
            ("knot://recommendation/\(id)", .recommendation(id)),
            ("  knot://recommendation/\(id)\n", .recommendation(id)),
            ("knot://milestones/\(milestone)/recommendations", .milestoneRecommendations(milestone)),
        ]
        for (link, route) in accepted {
            #expect(try KnotDeepLink.parse(link).get() == route, "\(link)")
        }
        let page = URL(string: "https://knot.example.com" + KnotRoutes.recommendationPage.endpoint(Unchecked(id)).path)!
        #expect(try KnotDeepLink.parse(page).get() == .recommendation(id), "the path the server serves")
        let built = KnotDeepLink.universalLink(for: id, baseURL: URL(string: "https://knot.example.com")!)
        #expect(built.absoluteString == "https://knot.example.com/knot/recommendation/\(id)")
        #expect(try KnotDeepLink.parse(built).get() == .recommendation(id))
    }

    @Test func otherLinksAndBadIDsAreErrors() {
        let refused: [(String, KnotDeepLink.ParseError)] = [
            ("https://knot.example.com/knot/recommendation/not-a-uuid", .invalidID("not-a-uuid")),
            ("knot://recommendation/12345", .invalidID("12345")),
            ("knot://milestones/nope/recommendations", .invalidID("nope")),
            ("https://knot.example.com/knot/recommendations/\(id)", .notAKnotLink("https://knot.example.com/knot/recommendations/\(id)")),
            ("https://knot.example.com/zia/recommendation/\(id)", .notAKnotLink("https://knot.example.com/zia/recommendation/\(id)")),
            ("https://knot.example.com/knot/recommendation", .notAKnotLink("https://knot.example.com/knot/recommendation")),
            ("ftp://knot.example.com/knot/recommendation/\(id)", .notAKnotLink("ftp://knot.example.com/knot/recommendation/\(id)")),
            ("knot://vault", .notAKnotLink("knot://vault")),
            ("just some text", .notAKnotLink("just some text")),
        ]
        for (link, error) in refused {
            #expect(throws: error, "\(link)") { try KnotDeepLink.parse(link).get() }
        }
    }
}

@MainActor
@Suite("Opening a recommendation link", .timeLimit(.minutes(3)))
struct RecommendationLinkViewModelTests {
    let server = FakeKnotServer()

    func apiWithPicks() async throws -> (KnotAPIClient, [Recommendation]) {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        let batch = try await api.send(KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: .justBecause))
        return (api, batch.recommendations)
    }

    @Test func aValidLinkLoadsThatRecommendation() async throws {
        let (api, picks) = try await apiWithPicks()
        let model = RecommendationLinkViewModel(api: api)
        let states = StateLog()
        server.with { server in
            server.onRequest = { _ in
                let state = await MainActor.run { model.state }
                states.append("\(state)")
            }
        }

        await model.open(URL(string: "https://knot.example.com/knot/recommendation/\(picks[1].id)?sig=x")!)

        #expect(model.state == .loaded(picks[1]))
        #expect(model.recommendation == picks[1])
        #expect(server.requests("GET", "/knot/api/v1/recommendations/\(picks[1].id)").count == 1)
        #expect(states.values == ["loading(\(picks[1].id))"], "loading while the request is out")
    }

    @Test func anUnknownIDIsNotFound() async throws {
        let (api, _) = try await apiWithPicks()
        let model = RecommendationLinkViewModel(api: api)
        let unknown = RecommendationID()

        await model.open(text: "knot://recommendation/\(unknown)")

        #expect(model.state == .notFound(unknown))
    }

    @Test func anInvalidLinkIsAGracefulErrorWithoutARequest() async throws {
        let (api, _) = try await apiWithPicks()
        let model = RecommendationLinkViewModel(api: api)
        let before = server.with { $0.requests.count }

        await model.open(URL(string: "https://knot.example.com/knot/recommendation/12345")!)
        #expect(model.state == .invalidLink("This recommendation link is broken or incomplete."))
        await model.open(text: "https://example.com/somewhere/else")
        #expect(model.state == .invalidLink("This link doesn't open anything in Knot."))

        #expect(server.with { $0.requests.count } == before, "no request for a link that cannot be opened")
    }

    @Test func aFailedLoadCanBeRetried() async throws {
        let (api, picks) = try await apiWithPicks()
        let model = RecommendationLinkViewModel(api: api)
        server.fail("GET", "/knot/api/v1/recommendations/", with: .offline, times: 3)

        await model.open(.recommendation(picks[0].id))
        guard case .failed(let id, let message) = model.state else {
            Issue.record("expected failed, got \(model.state)")
            return
        }
        #expect(id == picks[0].id)
        #expect(message.hasPrefix("Offline"))

        await model.retry()
        #expect(model.state == .loaded(picks[0]))
    }

    @Test func aReminderLinkLeadsToItsMilestone() async throws {
        let model = RecommendationLinkViewModel(api: makeAPI(server))
        let milestone = MilestoneID()
        await model.open(URL(string: "knot://milestones/\(milestone)/recommendations")!)
        #expect(model.state == .milestone(milestone))
        #expect(server.with { $0.requests.isEmpty })
    }
}

/// Strings appended from any thread.
final class StateLog: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}

@Suite("Saved recommendations on the device", .timeLimit(.minutes(3)))
struct SavedRecommendationStoreTests {
    static func item(_ title: String) -> Recommendation {
        Recommendation(
            id: RecommendationID(), recommendationType: .experience, title: title, priceCents: 4_500, merchantName: "Shop", createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    static func exercise(_ store: any SavedRecommendationStore) throws {
        let first = item("First"), second = item("Second")
        let t0 = Date(timeIntervalSince1970: 1_790_000_000)
        try store.save(first, at: t0)
        try store.save(second, at: t0.addingTimeInterval(60))
        #expect(try store.all().map(\.id) == [second.id, first.id], "most recently saved first")
        #expect(try store.contains(first.id))

        var renamed = first
        renamed.title = "First (updated)"
        try store.save(renamed, at: t0.addingTimeInterval(120))
        let again = try #require(try store.all().first { $0.id == first.id })
        #expect(again.recommendation.title == "First (updated)")
        #expect(abs(again.savedAt.timeIntervalSince(t0)) < 0.001, "saving again keeps when it was first saved")

        try store.remove(second.id)
        try store.remove(second.id)
        #expect(try store.all().map(\.id) == [first.id])
        #expect(try store.contains(second.id) == false)
        try store.removeAll()
        #expect(try store.all().isEmpty)
    }

    @Test func inMemory() throws {
        try Self.exercise(InMemorySavedRecommendationStore())
    }

    @Test func fileBackedAndPersistedAcrossInstances() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-saved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.exercise(FileSavedRecommendationStore(directory: folder))

        let kept = Self.item("Kept")
        try FileSavedRecommendationStore(directory: folder).save(kept, at: Date())
        let reopened = FileSavedRecommendationStore(directory: folder)
        #expect(try reopened.all().map(\.recommendation) == [kept], "another instance reads what one saved")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(kept.id).json").path))
    }
}

@MainActor
@Suite("Save, and the purchase prompt after a handoff", .timeLimit(.minutes(3)))
struct SaveAndPurchasePromptTests {
    let server = FakeKnotServer()

    func model(saved: any SavedRecommendationStore = InMemorySavedRecommendationStore()) async throws -> RecommendationsViewModel {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        let prompts = FeedbackPromptsViewModel(api: api, partnerName: "Alex", sleep: { _ in })
        let model = RecommendationsViewModel(api: api, saved: saved, prompts: prompts)
        await model.generate(occasion: .justBecause)
        return model
    }

    @Test func saveStoresLocallyAndSurvivesANewScreen() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knot-saved-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try await model(saved: FileSavedRecommendationStore(directory: folder))
        let card = model.recommendations[2]

        await model.save(card)

        #expect(model.savedRecommendations().map(\.recommendation) == [card])
        let next = RecommendationsViewModel(api: makeAPI(server), saved: FileSavedRecommendationStore(directory: folder))
        #expect(next.isSaved(card), "a new screen (or launch) knows it is saved")
        next.unsave(card)
        #expect(next.isSaved(card) == false)
        #expect(try FileSavedRecommendationStore(directory: folder).all().isEmpty)
        #expect(server.with { $0.feedback.map(\.1) } == [.saved])
    }

    @Test func yesMarksItPurchasedAndAsksForARatingAtOnce() async throws {
        let model = try await model()
        let card = model.recommendations[0]
        model.select(card)
        _ = await model.confirmSelection()
        model.returnedFromMerchant()
        #expect(model.showPurchasePrompt)
        #expect(RecommendationsViewModel.purchaseQuestion == "Did you complete your purchase?")

        await model.confirmPurchase()

        #expect(server.with { $0.feedback.map(\.1) } == [.selected, .handoff, .purchased])
        let prompt = try #require(model.prompts.pendingRatingPrompt)
        #expect(prompt.recommendationId == card.id)
        #expect(prompt.trigger == .purchased)
        #expect(prompt.question == "How did Alex like the gift?")
        #expect(model.showRatingPrompt)
    }

    @Test func noSavesItForLaterWithoutAPurchase() async throws {
        let model = try await model()
        let card = model.recommendations[1]
        model.select(card)
        _ = await model.confirmSelection()
        model.returnedFromMerchant()

        await model.saveForLater()

        #expect(model.isSaved(card))
        #expect(model.savedRecommendations().map(\.id) == [card.id])
        #expect(model.showPurchasePrompt == false)
        #expect(model.pendingHandoff == nil)
        #expect(server.with { $0.feedback.map(\.1) } == [.selected, .handoff, .saved])
        #expect(model.prompts.pendingRatingPrompt == nil, "no rating prompt before the 3 days")
    }
}
