import Foundation

/// Occasion types, which are also the budget tiers of milestones.
public enum OccasionType: String, CaseIterable, Codable, Sendable, Hashable {
    case justBecause = "just_because"
    case minorOccasion = "minor_occasion"
    case majorMilestone = "major_milestone"

    /// "just_because" → "Just Because", for display.
    public var displayName: String { rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ") }
}
