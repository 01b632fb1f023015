import ClientTestSupport
import Foundation
import TestSupport
import Testing

@testable import ZiaClient

/// The app's calendar as a recording fake: access granted or not, writes that fail or not.
final class RecordingCalendar: CalendarWriting, @unchecked Sendable {
    struct Refused: LocalizedError {
        var errorDescription: String? { "The calendar is read-only." }
    }
    private let lock = NSLock()
    private var events: [CalendarEventDraft] = []
    private let grants: Bool
    private let fails: Bool
    private var status: CalendarAccess

    init(grants: Bool = true, fails: Bool = false, status: CalendarAccess = .notDetermined) {
        self.grants = grants
        self.fails = fails
        self.status = status
    }

    var saved: [CalendarEventDraft] { lock.withLock { events } }
    func access() async -> CalendarAccess { lock.withLock { status } }
    func requestAccess() async -> Bool {
        lock.withLock {
            if status == .notDetermined { status = grants ? .authorized : .denied }
            return status == .authorized
        }
    }
    func save(_ event: CalendarEventDraft) async throws {
        if fails { throw Refused() }
        lock.withLock { events.append(event) }
    }
}

/// A sleeper that waits until the test releases it, recording what it was asked to wait.
final class GateSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    var requested: [Duration] { lock.withLock { waits } }

    func sleep(_ duration: Duration) async throws {
        await withCheckedContinuation { continuation in
            lock.withLock {
                waits.append(duration)
                waiting.append(continuation)
            }
        }
    }

    /// Ends the oldest `count` waits (all by default).
    func release(_ count: Int = .max) {
        let released = lock.withLock {
            let ended = Array(waiting.prefix(count))
            waiting.removeFirst(ended.count)
            return ended
        }
        for continuation in released { continuation.resume() }
    }
}

/// "Add to Calendar" against the real server's suggestion, with a fake calendar and a gated sleeper.
@Suite("Zia calendar view model", .timeLimit(.minutes(3)))
struct CalendarViewModelTests {
    @Test("drafts the server's suggestion (recurrence only when repeating) and writes it; the message goes after 3 s", arguments: TestDatabase.allCases)
    func addsTheSuggestion(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.addsTheSuggestion(server) }
    }

    @MainActor static func addsTheSuggestion(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let routine = try await SavedPlans.save(stack.api, .bedtimeRoutine, "Bath then story")
        let calendar = RecordingCalendar()
        let sleeper = GateSleeper()
        let model = CalendarViewModel(api: stack.api, calendar: calendar, sleep: { try await sleeper.sleep($0) })

        await model.prepare(routine.id)
        let draft = try #require(model.draft)
        #expect(draft.title == "Bedtime Routine")
        #expect(draft.durationMinutes == 30)
        #expect(draft.end.timeIntervalSince(draft.start) == 30 * 60)
        #expect(draft.notes == "Bath then story")
        #expect(draft.recurrence == nil)

        model.recurring = true
        await model.prepare(routine.id, time: "20:30", durationMinutes: 45)
        #expect(model.draft?.recurrence == .daily)
        #expect(model.draft?.durationMinutes == 45)

        #expect(await model.addToCalendar())
        #expect(calendar.saved == [model.draft!])
        #expect(model.message == "Added \"Bedtime Routine\" to your calendar.")
        #expect(try await eventually { sleeper.requested == [.seconds(3)] })
        #expect(model.message != nil, "still shown until the 3 seconds pass")
        sleeper.release()
        #expect(try await eventually { model.message == nil })

        let chores = try await SavedPlans.save(stack.api, .chorePlan)
        await model.prepare(chores.id)
        #expect(model.draft?.recurrence == .weekly)
        #expect(model.draft?.title == "Weekly Chores")
    }

    @Test("denied access and a failed write say so; a new message is not cut short by the old timer", arguments: [TestDatabase.sqlite])
    func deniedAndFailed(_ database: TestDatabase) async throws {
        try await withServer(database) { server, _ in try await Self.deniedAndFailed(server) }
    }

    @MainActor static func deniedAndFailed(_ server: TestClient) async throws {
        let stack = try await ZiaClientStack.signedIn(server)
        let meals = try await SavedPlans.save(stack.api, .mealPlan)
        let sleeper = GateSleeper()
        let denied = RecordingCalendar(grants: false)
        let model = CalendarViewModel(api: stack.api, calendar: denied, sleep: { try await sleeper.sleep($0) })
        await model.refreshAccess()
        #expect(model.access == .notDetermined && model.showsAddButton, "not asked yet: the button shows")
        #expect(await model.addToCalendar() == false, "nothing drafted yet")
        await model.prepare(meals.id)
        #expect(model.draft?.title == "Dinner Plan")
        #expect(await model.addToCalendar() == false)
        #expect(model.message?.hasPrefix("Calendar access is off") == true)
        #expect(denied.saved.isEmpty)
        #expect(model.access == .denied && !model.showsAddButton, "refused: the button goes")
        for status in [CalendarAccess.denied, .restricted] {
            let hidden = CalendarViewModel(api: stack.api, calendar: RecordingCalendar(status: status))
            await hidden.refreshAccess()
            #expect(!hidden.showsAddButton, "\(status)")
        }
        let allowed = CalendarViewModel(api: stack.api, calendar: RecordingCalendar(status: .authorized))
        await allowed.refreshAccess()
        #expect(allowed.showsAddButton)
        #expect(try await eventually { sleeper.requested.count == 1 })

        let failing = CalendarViewModel(api: stack.api, calendar: RecordingCalendar(fails: true), sleep: { try await sleeper.sleep($0) })
        await failing.prepare(meals.id)
        #expect(await failing.addToCalendar() == false)
        #expect(failing.message == "Could not add the event: The calendar is read-only.")
        #expect(try await eventually { sleeper.requested.count == 2 })

        await failing.prepare(ArtifactID())
        #expect(failing.draft == nil)
        #expect(failing.message?.hasPrefix("Could not prepare the event: Not found") == true)
        // The first message's timer ends after a newer message replaced it: the newer one stays
        // until its own time passes.
        #expect(try await eventually { sleeper.requested.count == 3 })
        sleeper.release(2)
        #expect(try await eventually { model.message == nil })
        try await Task.sleep(for: .milliseconds(50))
        #expect(failing.message?.hasPrefix("Could not prepare") == true)
        sleeper.release()
        #expect(try await eventually { failing.message == nil })
    }
}
