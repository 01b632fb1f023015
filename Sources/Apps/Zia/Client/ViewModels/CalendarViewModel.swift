import Foundation
import Observation

/// "Add to Calendar" on the meal planner, bedtime routine, chores and saved plans: the event
/// drafted from `GET /calendar/suggestion` for a saved plan (the repeating toggle asks the server
/// for its recurrence), written through the app's calendar, and a success or error message that
/// goes away by itself after ``messageDuration``.
@MainActor
@Observable
public final class CalendarViewModel {
    /// How long a message stays.
    public static let messageDuration = Duration.seconds(3)

    /// Whether the event repeats (daily for routines, weekly for meal and chore plans).
    public var recurring = false
    public private(set) var draft: CalendarEventDraft?
    public private(set) var message: String?
    public private(set) var isWorking = false
    /// The calendar's authorization as last read (``refreshAccess()``, or after asking).
    public private(set) var access: CalendarAccess = .notDetermined

    /// "Add to Calendar" (docs/zia.md, "Screens' view models") shows for every state but denied and restricted.
    public var showsAddButton: Bool { access != .denied && access != .restricted }

    let api: ZiaAPIClient
    let calendar: any CalendarWriting
    let sleep: Sleeper
    /// The pending dismissal of ``message``.
    var dismissal: Task<Void, Never>?

    /// - Parameter sleep: how a message's time is waited (tests pass one they release).
    public init(api: ZiaAPIClient, calendar: any CalendarWriting, sleep: @escaping Sleeper = { try await Task.sleep(for: $0) }) {
        self.api = api
        self.calendar = calendar
        self.sleep = sleep
    }

    /// Reads the calendar's authorization (on appearing, and when the app comes back from Settings).
    public func refreshAccess() async {
        access = await calendar.access()
    }

    /// Drafts the event for a saved plan: its type's default time, or `time` (`HH:MM`) and
    /// `durationMinutes` when the user picked them.
    public func prepare(_ artifact: ArtifactID, time: String? = nil, durationMinutes: Int? = nil) async {
        var given = ["artifact_id": artifact.description, "recurring": String(recurring)]
        given["time"] = time
        given["duration"] = durationMinutes.map(String.init)
        isWorking = true
        defer { isWorking = false }
        do {
            // The server's own rules, before sending: a time that is not HH:MM is named, not dropped.
            let checked = ScheduleHint.check { given[$0] }
            guard let hint = checked.value else { throw ClientError.invalid(checked.problems) }
            draft = CalendarEventDraft(try await api.send(ZiaRoutes.calendarSuggestion, query: hint))
        } catch {
            draft = nil
            show("Could not prepare the event: " + ScreenText.message(error))
        }
    }

    /// Writes the drafted event; says whether it was added, refused access, or failed. Returns
    /// whether it was added.
    @discardableResult
    public func addToCalendar() async -> Bool {
        guard let draft, !isWorking else { return false }
        isWorking = true
        defer { isWorking = false }
        guard await calendar.requestAccess() else {
            access = await calendar.access()
            if showsAddButton { access = .denied }
            show("Calendar access is off. Turn it on in Settings to add events.")
            return false
        }
        access = .authorized
        do {
            try await calendar.save(draft)
            show("Added \"\(draft.title)\" to your calendar.")
            return true
        } catch {
            show("Could not add the event: " + ScreenText.message(error))
            return false
        }
    }

    /// Shows `text`, replacing any message, and dismisses it after ``messageDuration``.
    private func show(_ text: String) {
        dismissal?.cancel()
        message = text
        let sleep = self.sleep
        dismissal = Task { [weak self] in
            do { try await sleep(Self.messageDuration) } catch { return }
            // A newer message cancelled this one's wait: it stays for its own time.
            guard !Task.isCancelled, let self else { return }
            self.message = nil
        }
    }
}
