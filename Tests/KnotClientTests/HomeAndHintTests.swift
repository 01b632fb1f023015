import Foundation
import Testing

@testable import KnotClient

@MainActor
@Suite("Home, hint capture and the milestone calendar", .timeLimit(.minutes(3)))
struct HomeAndHintTests {
    let server = FakeKnotServer()
    let utc = MilestoneCalendar(timeZone: TimeZone(identifier: "UTC")!)

    nonisolated static func date(_ text: String) -> Date { WireFormat.parseDate(text + "T12:00:00Z")! }

    func milestone(_ type: MilestoneType, _ name: String, _ date: String, _ recurrence: Recurrence = .yearly) -> Milestone {
        Milestone(id: MilestoneID(), milestoneType: type, milestoneName: name, milestoneDate: date, recurrence: recurrence, budgetTier: .majorMilestone)
    }

    // MARK: Calendar

    @Test func yearlyMilestonesRollOverToNextYear() {
        let birthday = milestone(.birthday, "Birthday", "2000-03-15")
        #expect(utc.nextOccurrence(of: birthday, from: Self.date("2026-03-15"))?.daysUntil == 0)
        #expect(utc.nextOccurrence(of: birthday, from: Self.date("2026-03-14"))?.daysUntil == 1)
        #expect(utc.nextOccurrence(of: birthday, from: Self.date("2026-03-16"))?.daysUntil == 364)
        #expect(utc.nextOccurrence(of: birthday, from: Self.date("2026-03-14"))?.countdownText == "Tomorrow")
    }

    @Test func floatingHolidaysUseTheRealSunday() {
        // Stored with the seed's approximations; 2026's Mother's Day is May 10, Father's Day June 21.
        let mothers = milestone(.holiday, "Mother's Day", "2000-05-11")
        let fathers = milestone(.holiday, "Father's Day", "2000-06-15")
        let may1 = Self.date("2026-05-01")
        #expect(utc.nextOccurrence(of: mothers, from: may1)?.date.day == 10)
        #expect(utc.nextOccurrence(of: mothers, from: may1)?.daysUntil == 9)
        #expect(utc.nextOccurrence(of: fathers, from: may1)?.date.day == 21)
        // 2027: May 9 and June 20.
        #expect(utc.nextOccurrence(of: mothers, from: Self.date("2026-05-11"))?.date == DateComponents(year: 2027, month: 5, day: 9))
        #expect(utc.nextOccurrence(of: fathers, from: Self.date("2026-06-22"))?.date == DateComponents(year: 2027, month: 6, day: 20))
        // Thanksgiving, the fourth Thursday of November, as the server schedules it; today counts.
        let thanksgiving = milestone(.holiday, "Thanksgiving", "2000-11-23")
        #expect(utc.nextOccurrence(of: thanksgiving, from: Self.date("2026-11-21"))?.daysUntil == 5)
        #expect(utc.nextOccurrence(of: thanksgiving, from: Self.date("2026-11-26"))?.countdownText == "Today!")
        #expect(utc.nextOccurrence(of: milestone(.birthday, "Father's birthday", "2000-08-02"), from: may1)?.date.day == 2, "a birthday keeps its date")
    }

    @Test func leapDayAndOneTimeMilestones() {
        let leap = milestone(.birthday, "Birthday", "2000-02-29")
        #expect(utc.nextOccurrence(of: leap, from: Self.date("2026-02-01"))?.date == DateComponents(year: 2026, month: 2, day: 28))
        #expect(utc.nextOccurrence(of: leap, from: Self.date("2027-03-01"))?.date == DateComponents(year: 2028, month: 2, day: 29))
        let trip = milestone(.custom, "Paris", "2026-06-01", .oneTime)
        #expect(utc.nextOccurrence(of: trip, from: Self.date("2026-05-30"))?.daysUntil == 2)
        #expect(utc.nextOccurrence(of: trip, from: Self.date("2026-06-02")) == nil)
    }

    // MARK: Home

    @Test func homeShowsNameNextMilestoneAndThreeRecentHints() async throws {
        var draft = sampleDraft(name: "Jordan")
        draft.milestones = [
            MilestoneDraft(milestoneType: .birthday, milestoneName: "Birthday", milestoneDate: "2000-08-01"),
            MilestoneDraft(milestoneType: .holiday, milestoneName: "Mother's Day", milestoneDate: "2000-05-11"),
        ]
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: draft)
        for text in ["one", "two", "three", "four"] { _ = try await api.send(KnotRoutes.addHint, body: NewHint(hintText: text)) }
        let home = HomeViewModel(api: api, calendar: utc, now: { Self.date("2026-05-01") })

        #expect(home.partnerName == "Your Partner")
        await home.load()

        #expect(home.partnerName == "Jordan")
        #expect(home.nextMilestone?.name == "Mother's Day")
        #expect(home.nextMilestone?.daysUntil == 9)
        #expect(home.recentHints.map(\.text) == ["four", "three", "two"])
        #expect(home.isOffline == false)
        #expect(home.actionsEnabled)
    }

    @Test func homeGoesOfflineAndKeepsWhatItShowed() async throws {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.createVault, body: sampleDraft())
        let home = HomeViewModel(api: api, calendar: utc)
        await home.load()
        server.fail("GET", "/knot/api/v1/vault", with: .offline, times: 3)

        await home.load()

        #expect(home.isOffline)
        #expect(home.partnerName == "Alex")
        #expect(home.actionsEnabled == false)
        await home.load()
        #expect(home.isOffline == false)
    }

    @Test func homeWithoutAVaultNeedsOnboarding() async {
        let home = HomeViewModel(api: makeAPI(server))
        await home.load()
        #expect(home.needsOnboarding)
        #expect(home.actionsEnabled == false)
    }

    // MARK: Hint capture

    @Test func counterWarnsFrom450AndSubmitNeedsOneTo500TrimmedCharacters() {
        let capture = HintCaptureViewModel(api: makeAPI(server))
        #expect(capture.counterText == "0/500")
        #expect(capture.canSubmit == false)
        capture.text = "   \n "
        #expect(capture.canSubmit == false)
        capture.text = String(repeating: "a", count: 449)
        #expect(capture.counterState == .normal)
        capture.text = String(repeating: "a", count: 450)
        #expect(capture.counterState == .warning)
        #expect(capture.counterText == "450/500")
        capture.text = String(repeating: "a", count: 500)
        #expect(capture.counterState == .limit)
        #expect(capture.canSubmit)
        capture.text = String(repeating: "a", count: 501)
        #expect(capture.canSubmit == false)
        capture.text = "  " + String(repeating: "a", count: 500) + "  "
        #expect(capture.canSubmit)
    }

    @Test func submitInsertsOptimisticallyAndConfirms() async throws {
        let capture = HintCaptureViewModel(api: makeAPI(server))
        capture.text = "  She loves the blue scarf at Nordstrom  "

        #expect(await capture.submit())

        #expect(capture.text.isEmpty)
        #expect(capture.hints.map(\.text) == ["She loves the blue scarf at Nordstrom"])
        #expect(capture.hints[0].isPending == false)
        #expect(capture.hints[0].id == server.with { $0.hints[0].id.uuid })
        #expect(capture.showSuccess)
    }

    @Test func aFailedSubmitRollsBackAndRestoresTheText() async throws {
        let api = makeAPI(server)
        _ = try await api.send(KnotRoutes.addHint, body: NewHint(hintText: "older hint"))
        let capture = HintCaptureViewModel(api: api)
        await capture.load()
        capture.text = "concert tickets"
        server.fail("POST", "/knot/api/v1/hints", with: .offline)

        #expect(await capture.submit() == false)

        #expect(capture.hints.map(\.text) == ["older hint"])
        #expect(capture.text == "concert tickets")
        #expect(capture.errorMessage?.contains("not saved") == true)
        #expect(server.with { $0.hints.count } == 1)
    }
}
