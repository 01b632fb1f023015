import AppServer
import Foundation
import PlatformAPI
import TestSupport
import Testing
import Zia
import ZiaAPI

/// ``CalendarSuggester`` (pure: defaults, strictly in the future around midnight and Sunday, DST)
/// and `GET /zia/v1/calendar/suggestion` through the HTTP API on both databases (the user's time
/// zone, the ScheduleHint overrides, 422s).
@Suite("Zia calendar suggestions", .timeLimit(.minutes(3)))
struct CalendarSuggestionTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func artifact(_ type: ArtifactType, planText: String? = "The plan") -> Artifact {
        Artifact(
            id: ArtifactID(), userID: UUID(), artifactType: type, title: "Saved", payload: .object(planText.map { ["plan_text": .string($0)] } ?? [:]),
            createdAt: Date(timeIntervalSince1970: 0))
    }

    /// The instant the wall clock of `zone` reads `text` (`yyyy-MM-dd HH:mm`).
    static func at(_ text: String, _ zone: TimeZone = newYork) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    static func suggest(_ type: ArtifactType, at now: String, hint: (ArtifactID) -> ScheduleHint = { ScheduleHint(artifactID: $0) }) -> CalendarSuggestion {
        let artifact = artifact(type)
        return CalendarSuggester.suggest(for: artifact, hint: hint(artifact.id), now: at(now), timeZone: newYork)
    }

    @Test("the seed's defaults: Dinner Plan 18:00 for 1 h today, Bedtime Routine 20:00 for 30 min, Weekly Chores next Sunday 10:00 for 2 h")
    func defaults() {
        // Thursday 26 November 2026, 09:00.
        let dinner = Self.suggest(.mealPlan, at: "2026-11-26 09:00")
        #expect(dinner.title == "Dinner Plan" && dinner.localStart == "2026-11-26T18:00" && dinner.durationMinutes == 60)
        #expect(dinner.start == Self.at("2026-11-26 18:00") && dinner.end == Self.at("2026-11-26 19:00") && dinner.recurrence == nil)
        #expect(dinner.notes == "The plan" && dinner.timeZone == "America/New_York")
        let bedtime = Self.suggest(.bedtimeRoutine, at: "2026-11-26 09:00")
        #expect(bedtime.title == "Bedtime Routine" && bedtime.localStart == "2026-11-26T20:00" && bedtime.durationMinutes == 30)
        let chores = Self.suggest(.chorePlan, at: "2026-11-26 09:00")
        #expect(chores.title == "Weekly Chores" && chores.localStart == "2026-11-29T10:00" && chores.durationMinutes == 120)
        let untitled = CalendarSuggester.suggest(
            for: Self.artifact(.mealPlan, planText: nil), hint: ScheduleHint(artifactID: ArtifactID()), now: Self.at("2026-11-26 09:00"), timeZone: Self.newYork)
        #expect(untitled.notes == "Saved")
    }

    @Test("strictly in the future: a time already past (or exactly now) moves to tomorrow; around midnight the day is the local one")
    func aroundMidnight() {
        #expect(Self.suggest(.mealPlan, at: "2026-11-26 18:00").localStart == "2026-11-27T18:00")
        #expect(Self.suggest(.mealPlan, at: "2026-11-26 17:59").localStart == "2026-11-26T18:00")
        #expect(Self.suggest(.bedtimeRoutine, at: "2026-11-26 23:59").localStart == "2026-11-27T20:00")
        #expect(Self.suggest(.bedtimeRoutine, at: "2026-11-27 00:01").localStart == "2026-11-27T20:00")
        // 23:30 in New York is already tomorrow in UTC; the suggestion still counts New York's day.
        let late = Self.suggest(.bedtimeRoutine, at: "2026-11-26 21:00") { ScheduleHint(artifactID: $0, minuteOfDay: 23 * 60 + 45) }
        #expect(late.localStart == "2026-11-26T23:45")
        let afterMidnight = Self.suggest(.mealPlan, at: "2026-11-26 23:50") { ScheduleHint(artifactID: $0, minuteOfDay: 5) }
        #expect(afterMidnight.localStart == "2026-11-27T00:05")
    }

    @Test("chores: the coming Sunday, today when it is Sunday before 10:00, the next one from 10:00 on")
    func aroundSunday() {
        #expect(Self.suggest(.chorePlan, at: "2026-11-28 23:59").localStart == "2026-11-29T10:00")  // Saturday night
        #expect(Self.suggest(.chorePlan, at: "2026-11-29 09:59").localStart == "2026-11-29T10:00")
        #expect(Self.suggest(.chorePlan, at: "2026-11-29 10:00").localStart == "2026-12-06T10:00")
        #expect(Self.suggest(.chorePlan, at: "2026-11-29 23:59").localStart == "2026-12-06T10:00")
        #expect(Self.suggest(.chorePlan, at: "2026-11-30 00:00").localStart == "2026-12-06T10:00")
    }

    @Test("across DST: the wall-clock time is kept (the UTC instant moves), a skipped time becomes the first after the gap, durations are real minutes")
    func daylightSaving() {
        // New York springs forward on Sunday 8 March 2026 (02:00 → 03:00) and falls back on 1 November.
        let before = Self.suggest(.mealPlan, at: "2026-03-07 09:00"), after = Self.suggest(.mealPlan, at: "2026-03-08 09:00")
        #expect(before.start == Date(timeIntervalSince1970: 1_772_924_400))  // 2026-03-07T23:00Z (EST)
        #expect(after.start == Date(timeIntervalSince1970: 1_773_007_200))  // 2026-03-08T22:00Z (EDT)
        let chores = Self.suggest(.chorePlan, at: "2026-03-07 12:00")
        #expect(chores.localStart == "2026-03-08T10:00" && chores.start == Date(timeIntervalSince1970: 1_772_978_400))  // 14:00Z
        let skipped = Self.suggest(.chorePlan, at: "2026-03-07 12:00") { ScheduleHint(artifactID: $0, minuteOfDay: 2 * 60 + 30) }
        #expect(skipped.start > Self.at("2026-03-07 12:00") && skipped.localStart.hasPrefix("2026-03-08T03:"))
        let fallBack = Self.suggest(.chorePlan, at: "2026-10-31 12:00") { ScheduleHint(artifactID: $0, minuteOfDay: 0, durationMinutes: 180) }
        #expect(fallBack.localStart == "2026-11-01T00:00" && fallBack.end.timeIntervalSince(fallBack.start) == 3 * 3600)
    }

    @Test("ScheduleHint: time, duration and recurrence override; recurring repeats routines daily and chores weekly")
    func hints() {
        let routine = Self.suggest(.bedtimeRoutine, at: "2026-11-26 09:00") { ScheduleHint(artifactID: $0, minuteOfDay: 19 * 60 + 15, durationMinutes: 45, recurring: true) }
        #expect(routine.localStart == "2026-11-26T19:15" && routine.durationMinutes == 45 && routine.recurrence == .daily)
        #expect(Self.suggest(.chorePlan, at: "2026-11-26 09:00") { ScheduleHint(artifactID: $0, recurring: true) }.recurrence == .weekly)
        #expect(Self.suggest(.chorePlan, at: "2026-11-26 09:00") { ScheduleHint(artifactID: $0, recurrence: .daily) }.recurrence == .daily)
        #expect(Self.suggest(.bedtimeRoutine, at: "2026-11-26 09:00").recurrence == nil)
    }

    @Test("GET /calendar/suggestion: in the user's time zone (UTC when unset), hints from the query, 422 naming bad parameters", arguments: TestDatabase.allCases)
    func throughTheAPI(_ database: TestDatabase) async throws {
        // Thursday 26 November 2026, 22:30 UTC (17:30 in New York).
        let clock = TestClock(Date(timeIntervalSince1970: 1_795_732_200))
        try await ArtifactAPITests.with(database, clock: clock) { client, _ in
            let user = try await client.signIn(app: "zia")
            let saved = try await client.send(.post, ArtifactAPITests.path, token: user.accessToken, json: ["artifact_type": "meal_plan", "payload": ArtifactAPITests.mealPlan])
            let id = try #require(saved.json["id"] as? String, "\(saved.text)")
            let path = ZiaRoutes.calendarSuggestion.endpoint.path + "?artifact_id=" + id
            let utc = try await client.send(.get, path, token: user.accessToken)
            #expect(utc.status == .ok, "\(utc.text)")
            #expect(utc.json["time_zone"] as? String == "UTC" && utc.json["local_start"] as? String == "2026-11-27T18:00" && utc.json["recurrence"] is NSNull, "\(utc.text)")
            _ = try await client.send(.post, ZiaServer.upsertUser, token: user.accessToken, json: ["timezone": "America/New_York"])
            let local = try await client.send(.get, path, token: user.accessToken).decode(CalendarSuggestion.self)
            #expect(local.localStart == "2026-11-26T18:00" && local.start == Date(timeIntervalSince1970: 1_795_734_000) && local.title == "Dinner Plan")
            #expect(local.notes == "Monday: Spaghetti Bolognese")
            let hinted = try await client.send(.get, path + "&time=07:05&duration=90&recurrence=weekly", token: user.accessToken).decode(CalendarSuggestion.self)
            #expect(hinted.localStart == "2026-11-27T07:05" && hinted.durationMinutes == 90 && hinted.recurrence == .weekly)
            let refused = try await client.send(.get, path + "&time=7:05&duration=0&recurrence=monthly&recurring=yes", token: user.accessToken)
            #expect(refused.status == .unprocessableContent && Set(refused.errorFields) == ["time", "duration", "recurrence", "recurring"], "\(refused.text)")
            let missing = try await client.send(.get, ZiaRoutes.calendarSuggestion.endpoint.path, token: user.accessToken)
            #expect(missing.status == .unprocessableContent && missing.errorFields == ["artifact_id"])
            let unknown = try await client.send(.get, ZiaRoutes.calendarSuggestion.endpoint.path + "?artifact_id=" + UUID().uuidString, token: user.accessToken)
            #expect(unknown.status == .notFound && unknown.errorCode == "artifact_not_found")
        }
    }
}
