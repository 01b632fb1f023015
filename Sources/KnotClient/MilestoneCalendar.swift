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

/// Works out when milestones next happen, with the same rules the server schedules reminders by
/// (``MilestoneDates``: yearly ones roll over once passed, 29 February falls on 28 February in
/// common years, Mother's Day, Father's Day and Thanksgiving float, one-time ones in the past are
/// over). Today counts: on the day itself the countdown says "Today!".
public struct MilestoneCalendar: Sendable {
    public var calendar: Calendar

    /// - Parameter timeZone: the user's zone; "today" is the day in this zone.
    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The next occurrence of `milestone` on or after the day of `now`, or nil when it is over.
    public func nextOccurrence(of milestone: Milestone, from now: Date) -> UpcomingMilestone? {
        let today = LocalDate(now, in: calendar.timeZone)
        guard
            let next = MilestoneDates.nextOccurrence(
                date: milestone.milestoneDate, name: milestone.milestoneName, type: milestone.milestoneType,
                yearly: milestone.recurrence == .yearly, today: today, includingToday: true
            )
        else { return nil }
        return UpcomingMilestone(
            id: milestone.id, name: milestone.milestoneName, type: milestone.milestoneType,
            date: DateComponents(year: next.year, month: next.month, day: next.day), daysUntil: today.days(until: next), budgetTier: milestone.budgetTier
        )
    }

    /// Every milestone that is still to come, soonest first.
    public func upcoming(_ milestones: [Milestone], from now: Date) -> [UpcomingMilestone] {
        milestones.compactMap { nextOccurrence(of: $0, from: now) }.sorted { ($0.daysUntil, $0.name) < ($1.daysUntil, $1.name) }
    }
}

/// Formats prices from minor units: whole amounts without decimals ("$50"), others with the
/// currency's own number of decimals ("$49.99", "¥5,000", "€12.50"), symbol per currency.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    /// - Parameter locale: decides grouping and symbol placement; `en_US` by default so output is stable.
    public init(locale: Locale = Locale(identifier: "en_US")) { self.locale = locale }

    /// The number of decimals `currency` uses (the same table the server converts prices with).
    public static func digits(for currency: String) -> Int { CurrencyUnits.digits(for: currency) }

    /// `amount` minor units of `currency`, or "Price varies" when unknown.
    public func format(cents amount: Int?, currency: String) -> String {
        guard let amount else { return "Price varies" }
        let code = currency.uppercased()
        let digits = Self.digits(for: code)
        var divisor = 1
        for _ in 0..<digits { divisor *= 10 }
        let whole = amount % divisor == 0
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        formatter.minimumFractionDigits = whole ? 0 : digits
        formatter.maximumFractionDigits = whole ? 0 : digits
        let value = Decimal(amount) / Decimal(divisor)
        return formatter.string(from: value as NSDecimalNumber) ?? "\(code) \(value)"
    }

    /// "$20–$50" for a budget range.
    public func formatRange(min: Int, max: Int, currency: String) -> String {
        "\(format(cents: min, currency: currency))–\(format(cents: max, currency: currency))"
    }
}
