import Foundation
import Observation

/// A month and day, what the onboarding date pickers edit: a yearly milestone has no year (the
/// server stores it under the placeholder year), so this is not a ``LocalDate``.
public struct MonthDay: Sendable, Equatable, Hashable {
    public var month: Int
    public var day: Int

    public init(month: Int, day: Int) {
        self.month = month
        self.day = day
    }

    /// The placeholder-year date the server stores for yearly milestones.
    var wireDate: String { LocalDate(year: MilestoneDates.placeholderYear, month: month, day: day).text }

    var isValid: Bool {
        (1...12).contains(month) && (1...OnboardingViewModel.daysInMonth(month)).contains(day)
    }
}
