import Foundation
import Observation

/// The recommendations screen (docs/knot.md, "Client SDK and `knot` CLI"): three cards, refresh with one of the
/// 5 reasons, a vibe override that lasts for this screen's session only (never written to the vault),
/// feedback for select/save/share/handoff/purchase/rating,
/// saving to a ``SavedRecommendationStore`` on the device, the "Did you complete your purchase?"
/// prompt after a handoff (yes → purchased and the rating prompt; no → saved for later), and
/// currency-aware prices. Selections and purchases feed the app-wide ``FeedbackPromptsViewModel``.
@MainActor
@Observable
public final class RecommendationsViewModel {
    public private(set) var recommendations: [Recommendation] = []
    public private(set) var occasion: OccasionType = .justBecause
    public private(set) var milestoneId: MilestoneID?
    public private(set) var isLoading = false
    public private(set) var isRefreshing = false
    public private(set) var errorMessage: String?
    public private(set) var warning: String?
    /// Vibes to use instead of the vault's, for requests from this screen only; nil uses the vault's.
    public private(set) var vibeOverride: [Vibe]?
    public private(set) var selected: Recommendation?
    /// The recommendation the user left the app to buy, until they answer the purchase prompt.
    public private(set) var pendingHandoff: Recommendation?
    public private(set) var showPurchasePrompt = false
    public private(set) var savedIds: Set<RecommendationID> = []
    /// The rating and review prompts this screen's selections and purchases feed.
    public let prompts: FeedbackPromptsViewModel

    let api: KnotAPIClient
    let prices: PriceFormatter
    let saved: any SavedRecommendationStore
    let now: @Sendable () -> Date

    /// What the purchase prompt asks when the user comes back from the merchant.
    public nonisolated static let purchaseQuestion = "Did you complete your purchase?"

    /// - Parameters:
    ///   - saved: where "Save" keeps recommendations on the device.
    ///   - prompts: the app's rating/review prompts (a private one, in memory, when nil).
    public init(
        api: KnotAPIClient, prices: PriceFormatter = PriceFormatter(), saved: any SavedRecommendationStore = InMemorySavedRecommendationStore(),
        prompts: FeedbackPromptsViewModel? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.prices = prices
        self.saved = saved
        self.now = now
        self.prompts = prompts ?? FeedbackPromptsViewModel(api: api, now: now)
        savedIds = Set(((try? saved.all()) ?? []).map(\.id))
    }

    /// The rating prompt is showing for the item just bought.
    public var showRatingPrompt: Bool {
        guard let item = pendingHandoff, let prompt = prompts.pendingRatingPrompt else { return false }
        return prompt.recommendationId == item.id
    }

    /// The 5 reasons the refresh sheet offers.
    public var refreshReasons: [RejectionReason] { RejectionReason.allCases }

    /// Gets three picks for an occasion (and milestone).
    public func generate(occasion: OccasionType, milestoneId: MilestoneID? = nil) async {
        guard !isLoading, !isRefreshing else { return }
        isLoading = true
        errorMessage = nil
        defer { isLoading = false }
        self.occasion = occasion
        self.milestoneId = milestoneId
        do {
            apply(
                try await api.send(
                    KnotRoutes.generateRecommendations, body: GenerateRecommendationsRequest(occasionType: occasion, milestoneId: milestoneId, vibeOverride: vibeOverride)))
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Replaces the three cards with three different ones, telling the server why.
    public func refresh(reason: RejectionReason) async {
        guard !isLoading, !isRefreshing, !recommendations.isEmpty else { return }
        isRefreshing = true
        errorMessage = nil
        defer { isRefreshing = false }
        do {
            apply(
                try await api.send(
                    KnotRoutes.refreshRecommendations,
                    body: RefreshRecommendationsRequest(rejectedRecommendationIds: recommendations.map(\.id), rejectionReason: reason, vibeOverride: vibeOverride)))
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Uses `vibes` (1–4) instead of the vault's for the rest of this session; nil or empty restores the vault's.
    @discardableResult
    public func setVibeOverride(_ vibes: [Vibe]?) -> Bool {
        guard let vibes, !vibes.isEmpty else {
            vibeOverride = nil
            return true
        }
        let unique = Vibe.allCases.filter(vibes.contains)
        guard unique.count <= 4 else { return false }
        vibeOverride = unique
        return true
    }

    private func apply(_ batch: RecommendationBatch) {
        recommendations = batch.recommendations
        warning = batch.warning
        selected = nil
    }

    // MARK: Feedback

    /// Opens the confirmation sheet for a card.
    public func select(_ recommendation: Recommendation) { selected = recommendation }

    public func dismissSelection() { selected = nil }

    /// Confirms the selected card: records "selected", then "handoff" as the merchant page opens, and
    /// returns the URL to open. The purchase prompt follows when the user comes back.
    public func confirmSelection() async -> URL? {
        guard let chosen = selected else { return nil }
        selected = nil
        await record(chosen, .selected)
        prompts.recordSelection(chosen)
        guard let link = chosen.externalUrl, let url = URL(string: link) else { return nil }
        await record(chosen, .handoff)
        pendingHandoff = chosen
        return url
    }

    /// The user came back from the merchant: ask whether they bought it.
    public func returnedFromMerchant() {
        if pendingHandoff != nil { showPurchasePrompt = true }
    }

    /// "Yes, I bought it": records "purchased" and asks for a rating at once.
    public func confirmPurchase() async {
        guard let item = pendingHandoff else { return }
        showPurchasePrompt = false
        await record(item, .purchased)
        prompts.recordPurchase(item)
    }

    /// Rates the purchased item (1–5) with optional text; the rating prompt closes for good.
    public func ratePurchase(_ rating: Int, text: String? = nil) async {
        guard let item = pendingHandoff, FeedbackRequest.ratings.contains(rating) else { return }
        if prompts.pendingRatingPrompt?.recommendationId == item.id {
            guard await prompts.submitRating(rating, text: text) else { return }
        } else {
            await record(item, .rated, rating: rating, text: text)
            prompts.ratingRecorded(for: item.id, rating: rating)
        }
        pendingHandoff = nil
    }

    /// "No, save for later": keeps the item in the saved list (and tells the server), no purchase.
    public func saveForLater() async {
        guard let item = pendingHandoff else { return }
        showPurchasePrompt = false
        pendingHandoff = nil
        await save(item)
    }

    /// Closes the purchase prompt (and a rating prompt for that item) without recording anything.
    public func dismissPurchasePrompt() {
        if let item = pendingHandoff, prompts.pendingRatingPrompt?.recommendationId == item.id { prompts.dismissRatingPrompt() }
        showPurchasePrompt = false
        pendingHandoff = nil
    }

    public func isSaved(_ recommendation: Recommendation) -> Bool { savedIds.contains(recommendation.id) }

    /// Saves a card on the device for later and records "saved"; saving twice records it once.
    public func save(_ recommendation: Recommendation) async {
        guard !savedIds.contains(recommendation.id) else { return }
        do {
            try saved.save(recommendation, at: now())
        } catch {
            errorMessage = "Could not save it on this device: " + ScreenText.message(error)
            return
        }
        savedIds.insert(recommendation.id)
        await record(recommendation, .saved)
    }

    /// Removes a card from the saved list (the server keeps its "saved" feedback).
    public func unsave(_ recommendation: Recommendation) {
        do {
            try saved.remove(recommendation.id)
            savedIds.remove(recommendation.id)
        } catch {
            errorMessage = "Could not remove it from this device: " + ScreenText.message(error)
        }
    }

    /// The saved recommendations, most recent first.
    public func savedRecommendations() -> [SavedRecommendation] { (try? saved.all()) ?? [] }

    /// Records "shared" and returns the message for the share sheet: title, merchant, price and link.
    public func share(_ recommendation: Recommendation) async -> String {
        await record(recommendation, .shared)
        var parts = [recommendation.title]
        if let merchant = recommendation.merchantName { parts.append("from \(merchant)") }
        if recommendation.priceCents != nil { parts.append(formattedPrice(recommendation)) }
        var message = parts.joined(separator: " · ")
        if let url = api.shareURL(for: recommendation) ?? recommendation.externalUrl.flatMap(URL.init(string:)) {
            message += "\n\(url.absoluteString)"
        }
        return message
    }

    /// The card's price, e.g. "$50" or "$49.99"; "Price varies" when unknown.
    public func formattedPrice(_ recommendation: Recommendation) -> String {
        prices.format(cents: recommendation.priceCents, currency: recommendation.currency)
    }

    /// Feedback is best-effort: a failure is shown but does not undo what the user did.
    private func record(_ recommendation: Recommendation, _ action: FeedbackAction, rating: Int? = nil, text: String? = nil) async {
        do {
            _ = try await api.send(KnotRoutes.recordFeedback, recommendation.id, body: FeedbackRequest(action: action, rating: rating, feedbackText: text))
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }
}
