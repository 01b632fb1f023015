import Foundation
import KnotAPI

/// A milestone's next date and how many days away it is, for the Home countdown.
public struct UpcomingMilestone: Sendable, Equatable, Identifiable {
    public var id: MilestoneID
    public var name: String
    public var type: MilestoneType
    public var date: DateComponents
    public var daysUntil: Int
    public var budgetTier: OccasionType

    /// "Today!", "Tomorrow" or "in N days".
    public var countdownText: String {
        switch daysUntil {
        case 0: "Today!"
        case 1: "Tomorrow"
        default: "in \(daysUntil) days"
        }
    }
}
