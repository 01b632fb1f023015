import Foundation

/// The timing rules of the rating prompt and the App Store review prompt (docs/knot.md, "Client SDK and `knot` CLI"),
/// as pure functions of the remembered state and the time.
public enum FeedbackPromptRules {
    /// A selection is asked about 3 days after it was made (at once after a purchase).
    public static let ratingDelay: TimeInterval = 3 * 24 * 3600
    /// The review prompt shows at most once in 90 days (Apple's guideline).
    public static let reviewInterval: TimeInterval = 90 * 24 * 3600
    /// The pause between a 5-star rating and the review prompt.
    public static let reviewDelay: Duration = .seconds(2)
    /// Closed selections are forgotten after this long (they can no longer be selected again anyway).
    public static let closedRetention: TimeInterval = 180 * 24 * 3600

    /// When `selection`'s prompt is due, or nil once it was answered or dismissed.
    public static func dueDate(of selection: TrackedSelection) -> Date? {
        guard selection.closedAt == nil else { return nil }
        return selection.purchasedAt ?? selection.selectedAt.addingTimeInterval(ratingDelay)
    }

    /// The selection to ask about at `now`: purchases first, then the one due longest ago.
    public static func nextDue(in selections: [TrackedSelection], at now: Date) -> TrackedSelection? {
        selections
            .compactMap { selection in dueDate(of: selection).flatMap { $0 <= now ? (selection, $0) : nil } }
            .min { a, b in
                let aPurchased = a.0.purchasedAt != nil, bPurchased = b.0.purchasedAt != nil
                return aPurchased != bPurchased ? aPurchased : a.1 < b.1
            }?.0
    }

    /// Whether a rating earns the review prompt: only 5 stars, and not within ``reviewInterval`` of the last one.
    public static func reviewAllowed(rating: Int, lastPromptedAt: Date?, now: Date) -> Bool {
        guard rating == FeedbackRequest.ratings.upperBound else { return false }
        guard let lastPromptedAt else { return true }
        return now.timeIntervalSince(lastPromptedAt) >= reviewInterval
    }

    /// `state` without closed selections older than ``closedRetention``.
    public static func pruned(_ state: FeedbackPromptState, at now: Date) -> FeedbackPromptState {
        var state = state
        state.selections.removeAll { selection in selection.closedAt.map { now.timeIntervalSince($0) > closedRetention } ?? false }
        return state
    }
}
