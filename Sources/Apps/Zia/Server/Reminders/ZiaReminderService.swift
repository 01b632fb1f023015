import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit
import ZiaAPI

/// Zia's reminders (docs/zia.md, "Reminders"), sent by the server: each reminder that is on has one pending
/// durable job at its next local time (``ReminderSchedule``), keyed by user, category and instant.
/// The job delivers through the notification engine (categories `bedtime_reminder`,
/// `meal_reminder`, `chore_reminder`, which Zia's delivery rules let through quiet hours: the user
/// chose the time) and enqueues the next one. Changing a setting or the time zone cancels the
/// pending job and enqueues the new one in the same transaction as the setting; a job that finds
/// its reminder off or moved (a change racing its run) sends nothing.
public struct ZiaReminderService: Sendable {
    public static let jobKind = "zia.reminder"

    let database: any Database
    let jobs: JobQueue
    let engine: NotificationEngine
    let accounts: AccountRepository
    let clock: any TimeSource
    let logger: Logger

    public init(database: any Database, jobs: JobQueue, engine: NotificationEngine, accounts: AccountRepository, clock: any TimeSource, logger: Logger) {
        self.database = database
        self.jobs = jobs
        self.engine = engine
        self.accounts = accounts
        self.clock = clock
        self.logger = logger
    }

    // MARK: Settings

    /// The user's reminders, each with its next instant when on.
    public func settings(for user: UserID) async throws -> ReminderSettings {
        let zone = try await userTimeZone(user, accounts: accounts)
        let stored = try await database.read { db in try await ReminderSettingsRepository.load(user, in: db) }
        return withNextInstants(stored, zone: zone, now: clock.now())
    }

    /// Applies a partial update and moves the jobs of the categories it touched.
    public func update(_ input: ReminderSettingsChanges, for user: UserID) async throws -> ReminderSettings {
        let zone = try await userTimeZone(user, accounts: accounts)
        let now = clock.now()
        let settings = try await database.transaction(owner: user.uuid) { db in
            try await Self.lock(user, in: db)
            var settings = try await ReminderSettingsRepository.load(user, in: db)
            for category in ReminderCategory.allCases {
                guard let change = input[category] else { continue }
                settings[category] = change.applied(to: settings[category], category: category)
                try await ReminderSettingsRepository.save(settings[category], category: category, for: user, now: now, in: db)
                try await Self.schedule(category, settings[category], user: user, zone: zone, now: now, in: db)
            }
            return settings
        }
        return withNextInstants(settings, zone: zone, now: now)
    }

    /// Moves every reminder of the user that is on to its next instant in their (new) time zone.
    /// Never throws: the reminders keep their old jobs when it fails, and a failure is logged; an
    /// account deleted meanwhile (``OwnerGone``) has none to move, so nothing is done or logged.
    public func reschedule(user: UserID) async {
        do {
            let zone = try await userTimeZone(user, accounts: accounts)
            let now = clock.now()
            try await database.transaction(owner: user.uuid) { db in
                try await Self.lock(user, in: db)
                let settings = try await ReminderSettingsRepository.load(user, in: db)
                for category in ReminderCategory.allCases {
                    try await Self.schedule(category, settings[category], user: user, zone: zone, now: now, in: db)
                }
            }
        } catch is OwnerGone {
            // The account went meanwhile, and its reminders with it: nothing to move.
        } catch {
            logger.warning("zia: reminders not rescheduled", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    /// The stored settings (the export).
    public func stored(for user: UserID) async throws -> ReminderSettings {
        try await database.read { db in try await ReminderSettingsRepository.load(user, in: db) }
    }

    func withNextInstants(_ settings: ReminderSettings, zone: TimeZone, now: Date) -> ReminderSettings {
        var settings = settings
        for category in ReminderCategory.allCases {
            settings[category].nextAt = settings[category].enabled ? ReminderSchedule(settings[category]).next(after: now, in: zone) : nil
        }
        return settings
    }

    /// One writer at a time per user's reminders on PostgreSQL (SQLite has a single writer).
    static func lock(_ user: UserID, in db: any SQLDatabase) async throws {
        try await db.serializeTransactions(on: "zia-reminders:" + user.description)
    }

    // MARK: Jobs

    struct JobPayload: Codable {
        enum CodingKeys: String, CodingKey { case user = "user_id", category, fireAt = "fire_at" }
        var user: UUID
        var category: ReminderCategory
        /// The instant it goes out, in whole seconds since 1970.
        var fireAt: Int
    }

    static func keyPrefix(_ category: ReminderCategory, user: UserID) -> String { "zia:reminder:\(user):\(category.rawValue):" }

    static func job(_ category: ReminderCategory, user: UserID, at instant: Date) throws -> NewJob {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return try NewJob(
            kind: jobKind, payload: JobPayload(user: user.uuid, category: category, fireAt: seconds), runAt: Date(timeIntervalSince1970: Double(seconds)),
            idempotencyKey: keyPrefix(category, user: user) + String(seconds))
    }

    /// Cancels the category's pending job and, when it is on, enqueues the next one.
    static func schedule(_ category: ReminderCategory, _ setting: ReminderSetting, user: UserID, zone: TimeZone, now: Date, in db: any SQLDatabase) async throws {
        try await JobQueue.cancel(kind: jobKind, keyPrefix: keyPrefix(category, user: user), now: now, on: db)
        guard setting.enabled else { return }
        let next = ReminderSchedule(setting).next(after: now, in: zone)
        try await JobQueue.enqueue(try job(category, user: user, at: next), onConflict: .replaceIfNotStarted, now: now, on: db)
    }

    /// The job: sends the reminder if it is still on and still due at this instant, then enqueues
    /// the next one. Quiet hours do not hold it back (Zia's delivery rules); notifications the user
    /// turned off skip this one and keep the next.
    public func handle(_ job: ClaimedJob) async throws -> JobOutcome {
        let payload = try job.decode(JobPayload.self)
        let user = UserID(payload.user)
        let category = payload.category
        let fireAt = Date(timeIntervalSince1970: Double(payload.fireAt))
        let setting = try await database.read { db in try await ReminderSettingsRepository.load(user, in: db) }[category]
        guard setting.enabled else { return .completed }
        let zone = try await userTimeZone(user, accounts: accounts)
        let schedule = ReminderSchedule(setting)
        // Moved since this job was enqueued (the move enqueued its own, which this keeps): nothing to send.
        guard schedule.next(after: fireAt.addingTimeInterval(-1), in: zone) == fireAt else {
            try await enqueue(category, user: user, at: schedule.next(after: clock.now(), in: zone))
            return .completed
        }
        if fireAt > clock.now().addingTimeInterval(30) { return .deferred(until: fireAt) }
        let text = ReminderText(category)
        let notification = OutgoingNotification(
            app: .zia, user: user, title: text.title, body: text.body, privateTitle: text.title, privateBody: text.body, category: category.rawValue,
            threadID: category.rawValue, data: ["type": "reminder", "category": category.rawValue],
            idempotencyKey: job.idempotencyKey ?? Self.keyPrefix(category, user: user) + String(payload.fireAt))
        if case .deferred(let until) = try await engine.deliver(notification) { return .deferred(until: until) }
        try await enqueue(category, user: user, at: schedule.next(after: max(fireAt, clock.now()), in: zone))
        return .completed
    }

    /// Enqueues the category's job at `instant` unless it is there already.
    func enqueue(_ category: ReminderCategory, user: UserID, at instant: Date) async throws {
        try await jobs.enqueue(try Self.job(category, user: user, at: instant), onConflict: .keepExisting)
    }
}

/// What each reminder says (no names, so the lock screen shows the same).
struct ReminderText {
    var title: String
    var body: String

    init(_ category: ReminderCategory) {
        switch category {
        case .bedtime: (title, body) = ("Bedtime routine", "It's time to start the bedtime routine.")
        case .meal: (title, body) = ("Meal prep", "It's time to start preparing dinner.")
        case .chore: (title, body) = ("Chore check-in", "Time to check in on today's chores.")
        }
    }
}
