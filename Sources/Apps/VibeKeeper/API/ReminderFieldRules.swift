import Foundation
import PlatformAPI

enum ReminderFieldRules {
    static func instant(_ raw: String?, now: Date, _ v: inout Validator) -> Date? {
        guard let raw else {
            v.fail("scheduled_for", "is required")
            return nil
        }
        guard let date = ISO8601.date(from: raw) else {
            v.fail("scheduled_for", ISO8601.requirement)
            return nil
        }
        guard date >= now.addingTimeInterval(-VibeKeeperRules.reminderPastTolerance) else {
            v.fail("scheduled_for", "must not be in the past")
            return nil
        }
        return date
    }

    static func bound(_ raw: String, _ field: String, endOfDay: Bool, _ v: inout Validator) -> Date? {
        if let day = LocalDate(parsing: raw) {
            let start = day.instant(hour: 0, in: TimeZone(identifier: "UTC")!)
            return endOfDay ? start.addingTimeInterval(86_400 - 0.001) : start
        }
        if let date = ISO8601.date(from: raw) { return date }
        v.fail(field, "must be a date (YYYY-MM-DD) or " + ISO8601.requirement.dropFirst("must be ".count))
        return nil
    }
}
