import Foundation
import PlatformAPI

/// `GET /calendar/suggestion`'s query (docs/zia.md, "Calendar suggestions"): which artifact,
/// and what overrides the type's defaults.
public struct ScheduleHint: Sendable, Equatable {
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
            duration = Int(raw).flatMap { (1...Self.maxDuration).contains($0) ? $0 : nil }
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
}
