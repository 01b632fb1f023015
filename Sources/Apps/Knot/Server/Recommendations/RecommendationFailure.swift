import Foundation

/// Why the pipeline could not produce recommendations; the messages are docs/knot.md's ("How Knot picks").
public enum RecommendationFailure: Error, Equatable, Sendable {
    case allSourcesFailed
    case noCandidates
    case everythingFiltered

    public var message: String {
        switch self {
        case .allSourcesFailed: "Unable to find recommendations right now. Please try again."
        case .noCandidates: "No recommendations found for this location and budget."
        case .everythingFiltered: "All candidates were filtered out. Try adjusting your preferences."
        }
    }
}
