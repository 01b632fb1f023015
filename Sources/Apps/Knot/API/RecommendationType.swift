import Foundation

/// Gift, experience or date: the kind of a recommendation.
public enum RecommendationType: String, CaseIterable, Codable, Sendable, Hashable {
    case gift, experience, date
}
