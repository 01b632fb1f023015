import Foundation
import Observation

/// An event as "Add to Calendar" writes it: the server's suggestion (title, start, end, notes =
/// the plan's text) with the recurrence only when the user turned repeating on.
public struct CalendarEventDraft: Sendable, Equatable {
    public var title: String
    public var start: Date
    public var end: Date
    public var durationMinutes: Int
    public var notes: String
    /// The IANA zone of the user's wall clock the start was chosen in.
    public var timeZone: String
    /// Daily or weekly; nil for a one-off event.
    public var recurrence: CalendarRecurrence?

    public init(_ suggestion: CalendarSuggestion) {
        title = suggestion.title
        start = suggestion.start
        end = suggestion.end
        durationMinutes = suggestion.durationMinutes
        notes = suggestion.notes
        timeZone = suggestion.timeZone
        recurrence = suggestion.recurrence
    }
}
