import Foundation

/// Where the couple lives relative to each other (docs/knot.md, "The vault").
public enum CohabitationStatus: String, CaseIterable, Codable, Sendable, Hashable {
    case livingTogether = "living_together"
    case separate
    case longDistance = "long_distance"
}
