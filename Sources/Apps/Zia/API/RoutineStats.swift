import Foundation
import PlatformAPI

/// The user's routine streaks and completion rate (`GET /routine-runs/stats`), counted in local
/// days of the user's time zone.
public struct RoutineStats: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case currentStreak = "current_streak", longestStreak = "longest_streak", completionRate = "completion_rate" }
    /// Consecutive days with a completed run, ending today or yesterday (0 otherwise).
    public var currentStreak: Int
    /// The most consecutive days with a completed run ever.
    public var longestStreak: Int
    /// Completed runs over runs started, the one in progress left out; 0 when none.
    public var completionRate: Double

    public init(currentStreak: Int, longestStreak: Int, completionRate: Double) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.completionRate = completionRate
    }
}
