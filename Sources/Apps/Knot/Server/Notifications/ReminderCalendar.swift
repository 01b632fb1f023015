import Foundation
import KnotAPI
import Notifications

/// Knot's reminder schedule over the shared date rules of ``MilestoneDates`` (placeholder years,
/// 29 February, floating holidays): when a milestone next happens, and when its reminders go out.
public enum ReminderCalendar {
    /// The next occurrence strictly after `today` (today itself counts as passed), or `nil` for a
    /// one-time milestone that is not ahead.
    public static func nextOccurrence(of milestone: Milestone, after today: LocalDate) -> LocalDate? {
        MilestoneDates.nextOccurrence(
            date: milestone.milestoneDate, name: milestone.milestoneName, type: milestone.milestoneType,
            yearly: milestone.recurrence == .yearly, today: today
        )
    }

    /// Knot reminds 14, 7 and 3 days before a milestone.
    public static let reminderDays = [14, 7, 3]
    /// Reminders go out at 09:00 in the user's time zone.
    public static let reminderHour = 9

    /// One planned reminder.
    public struct Reminder: Sendable, Equatable {
        public var milestoneID: MilestoneID
        public var daysBefore: Int
        public var occurrence: LocalDate
        public var sendAt: Date

        /// The idempotency key of this reminder: one per milestone, interval and occurrence.
        public var key: String { "knot:milestone:\(milestoneID):\(daysBefore):\(occurrence)" }
    }

    /// The reminders still in the future for `milestone`, as of `now` in `zone`.
    public static func reminders(for milestone: Milestone, now: Date, zone: TimeZone) -> [Reminder] {
        allReminders(for: milestone, now: now, zone: zone).filter { $0.sendAt > now }
    }

    /// All three reminders of the milestone's next occurrence, including those whose time has come
    /// (they may be due or deferred by quiet hours, and must not be cancelled by a reschedule).
    public static func allReminders(for milestone: Milestone, now: Date, zone: TimeZone) -> [Reminder] {
        let today = LocalDate(now, in: zone)
        guard let occurrence = nextOccurrence(of: milestone, after: today) else { return [] }
        return reminderDays.map { days in
            Reminder(milestoneID: milestone.id, daysBefore: days, occurrence: occurrence, sendAt: occurrence.adding(days: -days).instant(hour: reminderHour, in: zone))
        }
    }

    /// The user's zone when they set one, else inferred from the partner's US state, else New York
    /// (docs/knot.md, "Reminders").
    public static func timeZone(preference: String?, state: String?, country: String?) -> TimeZone {
        QuietHours.zone(preference, fallback: stateZone(state: state, country: country))
    }

    /// The predominant zone of a US state, for users who set none.
    public static func stateZone(state: String?, country: String?) -> String? {
        guard (country ?? "US").uppercased() == "US", let state else { return nil }
        return usStateZones[state.uppercased()]
    }

    static let usStateZones: [String: String] = [
        "AL": "America/Chicago", "AK": "America/Anchorage", "AZ": "America/Phoenix", "AR": "America/Chicago", "CA": "America/Los_Angeles",
        "CO": "America/Denver", "CT": "America/New_York", "DE": "America/New_York", "DC": "America/New_York", "FL": "America/New_York",
        "GA": "America/New_York", "HI": "Pacific/Honolulu", "ID": "America/Boise", "IL": "America/Chicago", "IN": "America/Indiana/Indianapolis",
        "IA": "America/Chicago", "KS": "America/Chicago", "KY": "America/New_York", "LA": "America/Chicago", "ME": "America/New_York",
        "MD": "America/New_York", "MA": "America/New_York", "MI": "America/Detroit", "MN": "America/Chicago", "MS": "America/Chicago",
        "MO": "America/Chicago", "MT": "America/Denver", "NE": "America/Chicago", "NV": "America/Los_Angeles", "NH": "America/New_York",
        "NJ": "America/New_York", "NM": "America/Denver", "NY": "America/New_York", "NC": "America/New_York", "ND": "America/Chicago",
        "OH": "America/New_York", "OK": "America/Chicago", "OR": "America/Los_Angeles", "PA": "America/New_York", "RI": "America/New_York",
        "SC": "America/New_York", "SD": "America/Chicago", "TN": "America/Chicago", "TX": "America/Chicago", "UT": "America/Denver",
        "VT": "America/New_York", "VA": "America/New_York", "WA": "America/Los_Angeles", "WV": "America/New_York", "WI": "America/Chicago",
        "WY": "America/Denver",
    ]
}
