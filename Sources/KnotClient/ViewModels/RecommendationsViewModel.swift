import Foundation
import Observation

/// The recommendations screen (seed 000 `RecommendationsViewModel`, seed 001 steps 6.3–6.6, 9.3–9.4):
/// three cards, refresh with one of the 5 reasons, a vibe override that lasts for this screen's
/// session only (never written to the vault), feedback for select/save/share/handoff/purchase/rating,
/// and currency-aware prices.
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
    public private(set) var showRatingPrompt = false
    public private(set) var savedIds: Set<RecommendationID> = []

    let api: KnotAPIClient
    let prices: PriceFormatter

    public init(api: KnotAPIClient, prices: PriceFormatter = PriceFormatter()) {
        self.api = api
        self.prices = prices
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
            apply(try await api.generateRecommendations(occasion: occasion, milestoneId: milestoneId, vibeOverride: vibeOverride))
        } catch {
            errorMessage = Self.message(error)
        }
    }

    /// Replaces the three cards with three different ones, telling the server why.
    public func refresh(reason: RejectionReason) async {
        guard !isLoading, !isRefreshing, !recommendations.isEmpty else { return }
        isRefreshing = true
        errorMessage = nil
        defer { isRefreshing = false }
        do {
            apply(try await api.refreshRecommendations(rejected: recommendations.map(\.id), reason: reason, vibeOverride: vibeOverride))
        } catch {
            errorMessage = Self.message(error)
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
        guard let link = chosen.externalUrl, let url = URL(string: link) else { return nil }
        await record(chosen, .handoff)
        pendingHandoff = chosen
        return url
    }

    /// The user came back from the merchant: ask whether they bought it.
    public func returnedFromMerchant() {
        if pendingHandoff != nil { showPurchasePrompt = true }
    }

    /// "Yes, I bought it": records "purchased" and asks for a rating.
    public func confirmPurchase() async {
        guard let item = pendingHandoff else { return }
        showPurchasePrompt = false
        await record(item, .purchased)
        showRatingPrompt = true
    }

    /// Rates the purchased item (1–5) with optional text.
    public func ratePurchase(_ rating: Int, text: String? = nil) async {
        guard let item = pendingHandoff, FeedbackRequest.ratings.contains(rating) else { return }
        await record(item, .rated, rating: rating, text: text)
        showRatingPrompt = false
        pendingHandoff = nil
    }

    /// "No, not yet": drop the prompt without feedback.
    public func dismissPurchasePrompt() {
        showPurchasePrompt = false
        showRatingPrompt = false
        pendingHandoff = nil
    }

    public func isSaved(_ recommendation: Recommendation) -> Bool { savedIds.contains(recommendation.id) }

    /// Saves a card for later; saving twice records it once.
    public func save(_ recommendation: Recommendation) async {
        guard !savedIds.contains(recommendation.id) else { return }
        savedIds.insert(recommendation.id)
        await record(recommendation, .saved)
    }

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
            try await api.recordFeedback(recommendation.id, action: action, rating: rating, text: text)
        } catch {
            errorMessage = Self.message(error)
        }
    }

    static func message(_ error: any Error) -> String {
        (error as? KnotError)?.description ?? error.localizedDescription
    }
}
