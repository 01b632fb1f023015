import Foundation

/// Whether a milestone repeats every year or happens once.
public enum Recurrence: String, CaseIterable, Codable, Sendable, Hashable {
    case yearly
    case oneTime = "one_time"
}
