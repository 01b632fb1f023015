import Foundation
import PlatformAPI

/// A day of the week, Monday first as the seed's `date.weekday()` numbers them (Monday 0 … Sunday
/// 6). Calendars number weekdays differently (Foundation's Gregorian `weekday`: Sunday 1 …
/// Saturday 7), so every conversion is explicit and made here.
public enum Weekday: Int, CaseIterable, Codable, Sendable {
    case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

    /// From Foundation's Gregorian `weekday` component (1 Sunday, 2 Monday, … 7 Saturday).
    public init?(gregorianWeekday: Int) {
        guard (1...7).contains(gregorianWeekday) else { return nil }
        self.init(rawValue: (gregorianWeekday + 5) % 7)
    }

    /// The weekday `date` falls on.
    public init(_ date: LocalDate) {
        self.init(rawValue: date.isoWeekday - 1)!
    }

    /// `monday` … `sunday`: the name on the wire.
    public var name: String { Self.names[rawValue] }

    /// The weekday a lower-case name names.
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    public static let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}

/// One occurrence of a chore: its name and the date it falls on.
public struct ChoreOccurrence: Codable, Sendable, Equatable {
    public var name: String
    public var date: LocalDate

    public init(name: String, date: LocalDate) {
        self.name = name
        self.date = date
    }
}

/// The seed's `schedule_chores(name, start_date, weekdays, days)`: every date of the `days` days from
/// `start` (included) that falls on an enabled weekday. Pure: the chores route and the Chores
/// agent's weekly schedule use it.
public enum ChoreSchedule {
    /// - Parameter weekdays: seven flags, Monday first (the seed's `Weekday`).
    public static func occurrences(name: String, start: LocalDate, weekdays: [Bool], days: Int) -> [ChoreOccurrence] {
        precondition(weekdays.count == 7, "weekdays are seven flags, Monday first")
        return (0..<max(days, 0)).compactMap { offset in
            let date = start.adding(days: offset)
            return weekdays[Weekday(date).rawValue] ? ChoreOccurrence(name: name, date: date) : nil
        }
    }

    /// ``occurrences(name:start:weekdays:days:)`` for a set of weekdays.
    public static func occurrences(name: String, start: LocalDate, on weekdays: Set<Weekday>, days: Int) -> [ChoreOccurrence] {
        occurrences(name: name, start: start, weekdays: mask(weekdays), days: days)
    }

    /// The chosen weekdays of one week, in order: ``occurrences(name:start:on:days:)`` over the seven
    /// days from a Monday (the Chores agent's weekly schedule).
    public static func week(on weekdays: Set<Weekday>) -> [Weekday] {
        occurrences(name: "", start: referenceMonday, on: weekdays, days: 7).map { Weekday($0.date) }
    }

    /// 1 January 2024, a Monday.
    static let referenceMonday = LocalDate(year: 2024, month: 1, day: 1)

    /// Seven flags, Monday first.
    public static func mask(_ weekdays: Set<Weekday>) -> [Bool] { Weekday.allCases.map(weekdays.contains) }
}

/// The body of `POST /chores/schedule`, as sent: `name`, `start_date` (`YYYY-MM-DD`), `weekdays`
/// (seven booleans Monday first, or weekday names) and `days` (1–366). Loosely typed so what is
/// wrong is a 422 naming the field.
public struct ChoreScheduleRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, startDate = "start_date", weekdays, days }
    public var name: String?
    public var startDate: String?
    public var weekdays: JSONValue?
    public var days: Int?

    public init(name: String?, startDate: String?, weekdays: JSONValue?, days: Int?) {
        self.name = name
        self.startDate = startDate
        self.weekdays = weekdays
        self.days = days
    }

    /// A checked request.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var start: LocalDate
        /// Seven flags, Monday first.
        public var weekdays: [Bool]
        public var days: Int
    }

    /// `name` trimmed, not blank, at most ``ZiaRules/maxNameLength`` characters; `start_date` a real
    /// `YYYY-MM-DD` date; `weekdays` exactly seven booleans (Monday first) or an array of weekday
    /// names (`monday`…, repeats allowed; empty: no day); `days` in ``ChoreRules/days``.
    public static func check(_ input: ChoreScheduleRequest) -> Checked<Entry> {
        var v = Validator()
        let name = v.requireText(input.name, "name", maxLength: ZiaRules.maxNameLength)
        var start: LocalDate?
        if let raw = input.startDate {
            start = LocalDate(parsing: raw)
            v.check(start != nil, "start_date", "must be a date, YYYY-MM-DD")
        } else {
            v.fail("start_date", "is required")
        }
        let weekdays = Self.weekdays(input.weekdays, &v)
        if let days = input.days {
            v.check(ChoreRules.days.contains(days), "days", "must be from \(ChoreRules.days.lowerBound) to \(ChoreRules.days.upperBound)")
        } else {
            v.fail("days", "is required")
        }
        if let start, let days = input.days, ChoreRules.days.contains(days) {
            // Dates stay YYYY-MM-DD: the last day must be in year 9999 at the latest.
            v.check(start.adding(days: days - 1).year <= 9999, "start_date", "must leave the schedule within year 9999")
        }
        return .from(v) {
            guard let name, let start, let weekdays, let days = input.days else { return nil }
            return Entry(name: name, start: start, weekdays: weekdays, days: days)
        }
    }

    static func weekdays(_ value: JSONValue?, _ v: inout Validator) -> [Bool]? {
        let message = "must be seven booleans (Monday first) or weekday names (\(Weekday.names.joined(separator: ", ")))"
        guard let value else {
            v.fail("weekdays", "is required")
            return nil
        }
        guard case .array(let items) = value else {
            v.fail("weekdays", message)
            return nil
        }
        let flags = items.compactMap { if case .bool(let flag) = $0 { flag } else { nil } }
        if !items.isEmpty, flags.count == items.count {
            guard flags.count == 7 else {
                v.fail("weekdays", "must be seven booleans, Monday first (got \(flags.count))")
                return nil
            }
            return flags
        }
        let named = items.compactMap { if case .string(let name) = $0 { Weekday(name: name) } else { nil } }
        guard named.count == items.count else {
            v.fail("weekdays", message)
            return nil
        }
        return ChoreSchedule.mask(Set(named))
    }
}

/// The limits of chore scheduling, shared by the server and the SDK.
public enum ChoreRules {
    /// `days` of a schedule: up to a leap year.
    public static let days = 1...366
}
