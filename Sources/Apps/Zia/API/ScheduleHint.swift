import Foundation
import PlatformAPI

/// `GET /calendar/suggestion`'s query (docs/zia.md, "Calendar suggestions"): which artifact,
/// and what overrides the type's defaults.
public struct ScheduleHint: RouteQuery, Equatable {
    public var artifactID: ArtifactID
    /// Minutes after local midnight (`time=HH:MM`).
    public var minuteOfDay: Int?
    /// `duration` in minutes.
    public var durationMinutes: Int?
    /// `recurrence` when given, else the type's own when `recurring=true`.
    public var recurrence: CalendarRecurrence?
    public var recurring: Bool

    public init(artifactID: ArtifactID, minuteOfDay: Int? = nil, durationMinutes: Int? = nil, recurrence: CalendarRecurrence? = nil, recurring: Bool = false) {
        self.artifactID = artifactID
        self.minuteOfDay = minuteOfDay
        self.durationMinutes = durationMinutes
        self.recurrence = recurrence
        self.recurring = recurring
    }

    /// The longest event, in minutes (a day).
    public static let maxDuration = 1440

    /// `artifact_id` a UUID (required), `time` exactly `HH:MM` (24-hour), `duration` 1–1440,
    /// `recurrence` daily or weekly, `recurring` true or false.
    public static func check(_ query: (String) -> String?) -> Checked<ScheduleHint> {
        var v = Validator()
        var id: ArtifactID?
        if let raw = query("artifact_id") {
            id = ArtifactID(raw)
            v.check(id != nil, "artifact_id", "must be an artifact's id (a UUID)")
        } else {
            v.fail("artifact_id", "is required")
        }
        var minute: Int?
        if let raw = query("time") {
            minute = Self.minuteOfDay(raw)
            v.check(minute != nil, "time", "must be a time of day HH:MM (24-hour clock)")
        }
        var duration: Int?
        if let raw = query("duration") {
            duration = Validator.wholeNumber(raw).flatMap { (1...Self.maxDuration).contains($0) ? $0 : nil }
            v.check(duration != nil, "duration", "must be a whole number of minutes from 1 to \(Self.maxDuration)")
        }
        let recurrence = query("recurrence").flatMap { v.requireEnum($0, "recurrence", as: CalendarRecurrence.self) }
        var recurring = false
        if let raw = query("recurring") {
            v.check(raw == "true" || raw == "false", "recurring", "must be true or false")
            recurring = raw == "true"
        }
        return .from(v) {
            id.map { ScheduleHint(artifactID: $0, minuteOfDay: minute, durationMinutes: duration, recurrence: recurrence, recurring: recurring) }
        }
    }

    /// `HH:MM` (``ZiaRules/isClockTime(_:)``) as minutes after midnight; nil for anything else.
    public static func minuteOfDay(_ text: String) -> Int? {
        guard ZiaRules.isClockTime(text), let hour = Int(text.prefix(2)), let minute = Int(text.suffix(2)) else { return nil }
        return hour * 60 + minute
    }

    public static let parameters: [QueryParameter] = [
        QueryParameter("artifact_id", required: true), QueryParameter("time"), QueryParameter("duration"), QueryParameter("recurrence"),
        QueryParameter("recurring"),
    ]

    /// ``check(_:)`` on a request's query.
    public static func read(_ query: QueryValues, _ v: inout Validator) -> ScheduleHint {
        let checked = check { query[$0] }
        for problem in checked.problems { v.fail(problem.field, problem.message) }
        return checked.value ?? ScheduleHint(artifactID: ArtifactID())
    }

    public var queryItems: [URLQueryItem] {
        var items = [URLQueryItem(name: "artifact_id", value: artifactID.description), URLQueryItem(name: "recurring", value: String(recurring))]
        if let minuteOfDay { items.append(URLQueryItem(name: "time", value: Self.clockTime(minuteOfDay))) }
        if let durationMinutes { items.append(URLQueryItem(name: "duration", value: String(durationMinutes))) }
        if let recurrence { items.append(URLQueryItem(name: "recurrence", value: recurrence.rawValue)) }
        return items
    }

    /// Minutes after midnight as `HH:MM`.
    static func clockTime(_ minutes: Int) -> String {
        let (hour, minute) = (minutes / 60, minutes % 60)
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
