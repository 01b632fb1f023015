import Foundation
import PlatformAPI

/// The body of `POST /chores/schedule`: `name`, `start_date` (`YYYY-MM-DD`), `weekdays` (seven
/// booleans Monday first; weekday names are read too) and `days` (1–366).
public struct ChoreScheduleRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case name, startDate = "start_date", weekdays, days }
    public var name: String
    public var startDate: LocalDate
    /// Seven flags, Monday first.
    public var weekdays: [Bool]
    public var days: Int

    public init(name: String, startDate: LocalDate, weekdays: [Bool], days: Int) {
        self.name = name
        self.startDate = startDate
        self.weekdays = weekdays
        self.days = days
    }

    /// The body as it arrives, loosely typed so what is wrong is a 422 naming the field.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = ChoreScheduleRequest.CodingKeys
        public var name: String?
        public var startDate: String?
        public var weekdays: JSONValue?
        public var days: Int?

        public init(name: String? = nil, startDate: String? = nil, weekdays: JSONValue? = nil, days: Int? = nil) {
            self.name = name
            self.startDate = startDate
            self.weekdays = weekdays
            self.days = days
        }
    }

    /// `name` trimmed, not blank, at most ``ZiaRules/maxNameLength`` characters; `start_date` a real
    /// `YYYY-MM-DD` date; `weekdays` exactly seven booleans (Monday first) or an array of weekday
    /// names (`monday`…, repeats allowed; empty: no day); `days` in ``ChoreRules/days``.
    public static func check(_ input: Input) -> Checked<ChoreScheduleRequest> {
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
            return ChoreScheduleRequest(name: name, startDate: start, weekdays: weekdays, days: days)
        }
    }

    /// This body as the server reads it.
    public var input: Input { Input(name: name, startDate: startDate.text, weekdays: JSONValue.array(weekdays.map(JSONValue.bool)), days: days) }

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
