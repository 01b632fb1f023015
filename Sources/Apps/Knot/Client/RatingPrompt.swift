import Foundation

/// The post-selection rating prompt (docs/knot.md, "Client SDK and `knot` CLI"): "How did [Partner Name] like the
/// [gift/experience]?", a 1–5 star rating and optional text.
public struct RatingPrompt: Sendable, Equatable, Identifiable {
    /// Why it is showing.
    public enum Trigger: String, Sendable, Equatable, Codable {
        /// The user said they bought it.
        case purchased
        /// ``FeedbackPromptRules/ratingDelay`` passed since they selected it.
        case selected
    }

    public let recommendationId: RecommendationID
    /// The recommendation's title, for the prompt's subtitle.
    public let title: String
    public let partnerName: String
    public let kind: RatedItemKind
    public let trigger: Trigger

    public var id: RecommendationID { recommendationId }

    /// "How did Alex like the gift?"
    public var question: String { "How did \(partnerName) like the \(kind.rawValue)?" }

    /// The ratings the star selector offers.
    public static let ratings = FeedbackRequest.ratings
}
