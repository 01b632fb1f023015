import Foundation
import Observation

/// The device's calendar, which the app implements over EventKit (`EKEventStore`): access is asked
/// for once, then events are written. Tests use a recording fake.
public protocol CalendarWriting: Sendable {
    /// The current authorization, without asking.
    func access() async -> CalendarAccess
    /// Whether the user lets the app write events (asks the first time).
    func requestAccess() async -> Bool
    /// Writes the event (with its recurrence rule when it has one).
    func save(_ event: CalendarEventDraft) async throws
}
