import Foundation

/// The 5 reasons a user can give when asking for three different picks (docs/knot.md, "API": `/recommendations/refresh`).
public enum RejectionReason: String, CaseIterable, Codable, Sendable, Hashable {
    case tooExpensive = "too_expensive"
    case tooCheap = "too_cheap"
    case notTheirStyle = "not_their_style"
    case alreadyHaveSimilar = "already_have_similar"
    case showDifferent = "show_different"

    /// The label the refresh sheet shows.
    public var displayName: String {
        switch self {
        case .tooExpensive: "Too expensive"
        case .tooCheap: "Too cheap"
        case .notTheirStyle: "Not their style"
        case .alreadyHaveSimilar: "Already have something similar"
        case .showDifferent: "Just show me different options"
        }
    }
}
