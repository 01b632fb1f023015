import Foundation
import PlatformAPI

/// How a suggested calendar event repeats.
public enum CalendarRecurrence: String, Codable, Sendable, CaseIterable {
    case daily, weekly
}

/// `GET /calendar/suggestion`'s answer: the event the app adds to the device's calendar for a saved
/// artifact (the seed's EventKit defaults as data), in the user's time zone.
public struct CalendarSuggestion: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey {
        case artifactID = "artifact_id", artifactType = "artifact_type", title, notes, start, end, durationMinutes = "duration_minutes"
        case timeZone = "time_zone", localStart = "local_start", recurrence
    }
    public var artifactID: ArtifactID
    public var artifactType: ArtifactType
    /// "Dinner Plan", "Bedtime Routine" or "Weekly Chores".
    public var title: String
    /// The artifact's `plan_text` (its title when it has none): the event's notes.
    public var notes: String
    public var start: Date
    public var end: Date
    public var durationMinutes: Int
    /// The IANA zone `local_start` is in (the user's; UTC when unset).
    public var timeZone: String
    /// The start as the user's wall clock reads it, `YYYY-MM-DDTHH:MM`.
    public var localStart: String
    public var recurrence: CalendarRecurrence?

    public init(
        artifactID: ArtifactID, artifactType: ArtifactType, title: String, notes: String, start: Date, end: Date, durationMinutes: Int, timeZone: String,
        localStart: String, recurrence: CalendarRecurrence?
    ) {
        self.artifactID = artifactID
        self.artifactType = artifactType
        self.title = title
        self.notes = notes
        self.start = start
        self.end = end
        self.durationMinutes = durationMinutes
        self.timeZone = timeZone
        self.localStart = localStart
        self.recurrence = recurrence
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(artifactID, forKey: .artifactID)
        try container.encode(artifactType, forKey: .artifactType)
        try container.encode(title, forKey: .title)
        try container.encode(notes, forKey: .notes)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(durationMinutes, forKey: .durationMinutes)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(localStart, forKey: .localStart)
        try container.encodeNullable(recurrence, forKey: .recurrence, in: encoder)
    }
}

/// The seed's `ScheduleHint` and `recurring` as `GET /calendar/suggestion`'s query: which artifact,
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
