import Foundation
import Observation

/// The streak card under Run Mode (`GET /routine-runs/stats`): the streaks, the completion rate
/// as a whole percentage, and a short line to keep going.
public struct StreakCard: Sendable, Equatable {
    public var currentStreak: Int
    public var longestStreak: Int
    /// 0–100, rounded.
    public var completionPercent: Int
    public var line: String

    public init(_ stats: RoutineStats) {
        currentStreak = stats.currentStreak
        longestStreak = stats.longestStreak
        completionPercent = Int((min(max(stats.completionRate, 0), 1) * 100).rounded())
        line = Self.line(stats)
    }

    /// No streak: an invitation; a new best: says so; otherwise the days so far.
    static func line(_ stats: RoutineStats) -> String {
        switch stats.currentStreak {
        case 0: "Finish a routine today to start a streak."
        case 1: "Day one done. Keep it going tomorrow!"
        case let days where days >= stats.longestStreak: "\(days) days in a row: your best streak yet!"
        case let days: "\(days) days in a row. \(stats.longestStreak - days) more to beat your best."
        }
    }
}
