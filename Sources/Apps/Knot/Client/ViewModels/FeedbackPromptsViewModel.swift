import Foundation
import Observation

/// The prompts that follow a selection, app-wide (so Home can show one as well as the
/// recommendations screen):
/// - the rating prompt (docs/knot.md, "Client SDK and `knot` CLI") — due right after the user says they bought an item, or
///   3 days after they selected it; answered (the rating goes to the server as `rated` feedback) or
///   dismissed, it never comes back;
/// - the App Store review prompt — after a 5-star rating, 2 seconds later,
///   ``reviewPromptDue`` turns true, at most once every 90 days and never after a lower rating; the
///   app then asks "Would you like to share your experience with others?" and on yes calls
///   `SKStoreReviewController.requestReview()` (or `requestReview` from the environment).
///
/// What it remembers (selections, answers, the last review prompt) lives in a ``FeedbackPromptStore``;
/// time comes from an injectable clock, so the 3-day and 90-day rules are testable at fixed instants.
@MainActor
@Observable
public final class FeedbackPromptsViewModel {
    /// The rating prompt to show now, if any.
    public private(set) var pendingRatingPrompt: RatingPrompt?
    /// True when the app should ask for an App Store review (see ``answerReviewPrompt(accepted:)``).
    public private(set) var reviewPromptDue = false
    public private(set) var isSubmitting = false
    public private(set) var errorMessage: String?
    /// The partner's name the prompt uses ("your partner" until known; see ``loadPartnerName()``).
    public var partnerName: String? {
        didSet {
            // Re-word the prompt on screen; which prompt is due does not change.
            pendingRatingPrompt = pendingRatingPrompt.map {
                RatingPrompt(recommendationId: $0.recommendationId, title: $0.title, partnerName: displayedPartnerName, kind: $0.kind, trigger: $0.trigger)
            }
        }
    }

    /// What the review prompt asks.
    public nonisolated static let reviewQuestion = "Would you like to share your experience with others?"

    let api: KnotAPIClient
    let store: any FeedbackPromptStore
    let now: @Sendable () -> Date
    let reviewDelay: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// The pending wait before the review prompt (tests await it).
    @ObservationIgnored private(set) var reviewCheck: Task<Void, Never>?

    /// - Parameters:
    ///   - store: where selections and answers are remembered (in memory unless the app passes a file or its own store).
    ///   - now: the clock the 3-day and 90-day rules read.
    ///   - reviewDelay: the pause between a 5-star rating and the review prompt (2 s).
    ///   - sleep: how that pause is waited (tests pass one that returns at once).
    public init(
        api: KnotAPIClient, store: any FeedbackPromptStore = InMemoryFeedbackPromptStore(), partnerName: String? = nil, now: @escaping @Sendable () -> Date = { Date() },
        reviewDelay: Duration = FeedbackPromptRules.reviewDelay, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.api = api
        self.store = store
        self.partnerName = partnerName
        self.now = now
        self.reviewDelay = reviewDelay
        self.sleep = sleep
    }

    // MARK: What happened

    /// The user selected `recommendation`: its rating prompt becomes due in 3 days.
    public func recordSelection(_ recommendation: Recommendation) {
        update { state in
            guard !state.selections.contains(where: { $0.recommendationId == recommendation.id }) else { return }
            state.selections.append(
                TrackedSelection(recommendationId: recommendation.id, title: recommendation.title, recommendationType: recommendation.recommendationType, selectedAt: now()))
        }
    }

    /// The user bought `recommendation`: its rating prompt is due now (unless already answered).
    public func recordPurchase(_ recommendation: Recommendation) {
        let at = now()
        update { state in
            if let index = state.selections.firstIndex(where: { $0.recommendationId == recommendation.id }) {
                if state.selections[index].purchasedAt == nil { state.selections[index].purchasedAt = at }
            } else {
                state.selections.append(
                    TrackedSelection(
                        recommendationId: recommendation.id, title: recommendation.title, recommendationType: recommendation.recommendationType, selectedAt: at, purchasedAt: at))
            }
        }
        checkForDuePrompt(preferring: recommendation.id)
    }

    /// Recomputes ``pendingRatingPrompt`` for the current time (call when the app becomes active).
    public func checkForDuePrompt() { checkForDuePrompt(preferring: nil) }

    private func checkForDuePrompt(preferring preferred: RecommendationID?) {
        let state = load()
        let at = now()
        var due = FeedbackPromptRules.nextDue(in: state.selections, at: at)
        if let preferred, let wanted = state.selections.first(where: { $0.recommendationId == preferred }),
            let when = FeedbackPromptRules.dueDate(of: wanted), when <= at
        {
            due = wanted
        }
        pendingRatingPrompt = due.map { selection in
            RatingPrompt(
                recommendationId: selection.recommendationId, title: selection.title, partnerName: displayedPartnerName, kind: RatedItemKind(selection.recommendationType),
                trigger: selection.purchasedAt != nil ? .purchased : .selected)
        }
    }

    var displayedPartnerName: String {
        let trimmed = partnerName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? "your partner" : trimmed
    }

    /// Reads the partner's name from the vault (failures leave the generic wording).
    public func loadPartnerName() async {
        if let vault = try? await api.send(KnotRoutes.vault) { partnerName = vault.partnerName }
    }

    // MARK: Answers

    /// Sends the rating (1–5, optional text) for the prompt on screen as `rated` feedback. On
    /// success the prompt closes for good (and a 5 may lead to the review prompt); on failure it
    /// stays, with ``errorMessage``. Returns whether the rating was recorded.
    @discardableResult
    public func submitRating(_ rating: Int, text: String? = nil) async -> Bool {
        guard let prompt = pendingRatingPrompt, !isSubmitting else { return false }
        guard case .valid(let request) = FeedbackRequest.check(FeedbackRequest.Input(action: FeedbackAction.rated.rawValue, rating: rating, feedbackText: text)) else {
            errorMessage = "Choose 1 to 5 stars (and at most \(FeedbackRequest.maxTextLength) characters of text)."
            return false
        }
        isSubmitting = true
        errorMessage = nil
        defer { isSubmitting = false }
        do {
            _ = try await api.send(
                KnotRoutes.recordFeedback, prompt.recommendationId, body: FeedbackRequest(action: .rated, rating: request.rating, feedbackText: request.feedbackText))
        } catch {
            errorMessage = "Your rating was not saved: " + ScreenText.message(error)
            return false
        }
        ratingRecorded(for: prompt.recommendationId, rating: rating)
        return true
    }

    /// "Not now": the prompt closes and does not come back.
    public func dismissRatingPrompt() {
        guard let prompt = pendingRatingPrompt else { return }
        close(prompt.recommendationId)
        checkForDuePrompt()
    }

    /// A rating for `id` was recorded (here or by another screen): its prompt closes for good, and a
    /// 5-star rating schedules the review prompt.
    public func ratingRecorded(for id: RecommendationID, rating: Int) {
        close(id)
        checkForDuePrompt()
        guard rating == FeedbackRequest.ratings.upperBound, reviewCheck == nil else { return }
        let delay = reviewDelay
        let sleep = sleep
        reviewCheck = Task { [weak self] in
            try? await sleep(delay)
            self?.showReviewPromptIfAllowed(rating: rating)
        }
    }

    private func showReviewPromptIfAllowed(rating: Int) {
        defer { reviewCheck = nil }
        let at = now()
        guard FeedbackPromptRules.reviewAllowed(rating: rating, lastPromptedAt: load().lastReviewPromptAt, now: at) else { return }
        update { $0.lastReviewPromptAt = at }
        reviewPromptDue = true
    }

    /// The user answered the review prompt. Returns true when the app should now request the App
    /// Store review (they said yes).
    @discardableResult
    public func answerReviewPrompt(accepted: Bool) -> Bool {
        guard reviewPromptDue else { return false }
        reviewPromptDue = false
        return accepted
    }

    // MARK: Memory

    private func close(_ id: RecommendationID) {
        let at = now()
        update { state in
            if let index = state.selections.firstIndex(where: { $0.recommendationId == id }) {
                if state.selections[index].closedAt == nil { state.selections[index].closedAt = at }
            }
        }
    }

    private func load() -> FeedbackPromptState {
        (try? store.load()) ?? FeedbackPromptState()
    }

    private func update(_ change: (inout FeedbackPromptState) -> Void) {
        var state = FeedbackPromptRules.pruned(load(), at: now())
        change(&state)
        do {
            try store.save(state)
        } catch {
            errorMessage = "Could not remember this on the device: " + ScreenText.message(error)
        }
    }
}
