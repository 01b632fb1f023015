import Foundation
import PlatformAPI

/// `GET /calendar/suggestion`'s answer: the event the app adds to the device's calendar for a saved
/// artifact (the defaults of docs/zia.md, "Calendar suggestions"), in the user's time zone.
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
