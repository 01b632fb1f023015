import Foundation
import PlatformAPI
import ZiaAPI

/// The calendar event for a saved artifact (docs/zia.md, "Calendar suggestions"): "Dinner Plan"
/// today at 18:00 for an hour, "Bedtime Routine" today at 20:00 for 30 minutes, "Weekly Chores"
/// on Sunday at 10:00 for two hours — always the first such wall-clock time strictly after `now` in
/// the user's time zone (a time already past today moves to tomorrow, or to the next Sunday), with
/// the ``ScheduleHint``'s time, duration and recurrence over the defaults. `recurring=true` repeats
/// a routine daily and chores (or a meal plan) weekly.
public enum CalendarSuggester {
    /// One artifact type's defaults.
    public struct Defaults: Sendable, Equatable {
        public var title: String
        public var minuteOfDay: Int
        public var durationMinutes: Int
        /// Only on Sundays.
        public var sunday: Bool
        public var recurrence: CalendarRecurrence
    }

    public static func defaults(for type: ArtifactType) -> Defaults {
        switch type {
        case .mealPlan: Defaults(title: "Dinner Plan", minuteOfDay: 18 * 60, durationMinutes: 60, sunday: false, recurrence: .weekly)
        case .bedtimeRoutine: Defaults(title: "Bedtime Routine", minuteOfDay: 20 * 60, durationMinutes: 30, sunday: false, recurrence: .daily)
        case .chorePlan: Defaults(title: "Weekly Chores", minuteOfDay: 10 * 60, durationMinutes: 120, sunday: true, recurrence: .weekly)
        }
    }

    public static func suggest(for artifact: Artifact, hint: ScheduleHint, now: Date, timeZone: TimeZone) -> CalendarSuggestion {
        let defaults = defaults(for: artifact.artifactType)
        let minute = hint.minuteOfDay ?? defaults.minuteOfDay
        let duration = hint.durationMinutes ?? defaults.durationMinutes
        let calendar = LocalDate.calendar(timeZone)
        let start = next(minuteOfDay: minute, sundayOnly: defaults.sunday, after: now, calendar)
        let local = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
        let localStart = String(format: "%04d-%02d-%02dT%02d:%02d", local.year ?? 0, local.month ?? 0, local.day ?? 0, local.hour ?? 0, local.minute ?? 0)
        var notes = artifact.title
        if case .string(let text)? = artifact.payload["plan_text"], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { notes = text }
        return CalendarSuggestion(
            artifactID: artifact.id, artifactType: artifact.artifactType, title: defaults.title, notes: notes, start: start,
            end: start.addingTimeInterval(TimeInterval(duration * 60)), durationMinutes: duration, timeZone: zoneName(timeZone), localStart: localStart,
            recurrence: hint.recurrence ?? (hint.recurring ? defaults.recurrence : nil))
    }

    /// The zone's IANA name; UTC as "UTC" (Foundation on Linux names it "GMT").
    static func zoneName(_ zone: TimeZone) -> String { zone.identifier == "GMT" ? "UTC" : zone.identifier }

    /// The first local `minuteOfDay` (on a Sunday when `sundayOnly`) strictly after `now`. A wall
    /// time a DST change skips becomes the first instant after the gap.
    static func next(minuteOfDay: Int, sundayOnly: Bool, after now: Date, _ calendar: Calendar) -> Date {
        LocalClock.next(hour: minuteOfDay / 60, minute: minuteOfDay % 60, after: now, calendar: calendar) { weekday in !sundayOnly || weekday == 1 }
    }
}
