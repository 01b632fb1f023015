import Foundation

/// What a user did with a recommendation; the server learns from it.
public enum FeedbackAction: String, CaseIterable, Codable, Sendable, Hashable {
    case selected, refreshed, saved, shared, rated, handoff, purchased
}
