import Foundation

/// Where the couple lives relative to each other (step 3.2).
public enum CohabitationStatus: String, CaseIterable, Codable, Sendable, Hashable {
    case livingTogether = "living_together"
    case separate
    case longDistance = "long_distance"
}
