import Foundation
import Observation

/// A milestone the user adds by hand; one-time ones need a year.
public struct CustomMilestone: Sendable, Equatable, Identifiable {
    public var id = UUID()
    public var name: String
    public var date: MonthDay
    public var year: Int?
    public var recurrence: Recurrence
    public var budgetTier: OccasionType

    public init(name: String, date: MonthDay, year: Int? = nil, recurrence: Recurrence = .yearly, budgetTier: OccasionType = .minorOccasion) {
        self.name = name
        self.date = date
        self.year = year
        self.recurrence = recurrence
        self.budgetTier = budgetTier
    }
}
