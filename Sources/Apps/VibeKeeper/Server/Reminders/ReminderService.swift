import AppPlatform
import Auth
import Foundation
import Jobs
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit
import VibeKeeperAPI

/// VibeKeeper's reminders (docs/vibekeeper.md, "Automatic reminders"), delivered through the platform's durable jobs and
/// notification engine (quiet hours, the outbox when APNs is not configured).
///
/// Users create reminders for their ideas; the server keeps *automatic* ones itself: one at the
/// lead time (the `notificationLeadTime` preference, 7 days by default) before a dated idea, and
/// one before the next occurrence of each of a contact's occasions (recurring ones again every
/// year), at 09:00 in the user's time zone and only when that instant is still ahead. Whenever an
/// idea, an occasion, a contact's name, the lead time or the time zone changes, ``sync(idea:for:)``,
/// ``sync(occasion:for:)`` or ``sync(user:)`` move them; a daily sweep repairs anything a failed
/// sync left behind.
public struct ReminderService: Sendable {
    public static let jobKind = "vibekeeper.reminder"
    public static let sweepJobKind = "vibekeeper.reminder_sweep"
    /// The local hour automatic reminders go out.
    public static let reminderHour = 9

    let database: any Database
    let jobs: JobQueue
    let engine: NotificationEngine?
    let accounts: AccountRepository?
    let clock: any TimeSource
    let logger: Logger

    public init(database: any Database, jobs: JobQueue, engine: NotificationEngine?, accounts: AccountRepository?, clock: any TimeSource, logger: Logger) {
        self.database = database
        self.jobs = jobs
        self.engine = engine
        self.accounts = accounts
        self.clock = clock
        self.logger = logger
    }

    /// The idea a reminder names is not one of the user's.
    public struct IdeaNotFound: Error {}

    // MARK: The user's reminders

    /// The user's reminders matching `filter`, by `scheduled_for`.
    public func list(for user: UserID, filter: ReminderFilter) async throws -> [Reminder] {
        try await database.read { db in
            var conditions: [SQLQueryString] = ["user_id = \(bind: user.uuid)"]
            if let status = filter.status { conditions.append("status = \(bind: status.rawValue)") }
            if let from = filter.from { conditions.append("scheduled_for >= \(bind: from)") }
            if let to = filter.to { conditions.append("scheduled_for <= \(bind: to)") }
            return try await db.raw(
                "SELECT \(unsafeRaw: Self.columns) FROM reminders WHERE \(conditions.joined(separator: " AND ")) ORDER BY scheduled_for, id"
            ).all().map(Self.reminder(from:))
        }
    }

    public func find(_ id: ReminderID, for user: UserID) async throws -> Reminder? {
        try await database.read { db in try await Self.find(id, for: user, in: db) }
    }

    static func find(_ id: ReminderID, for user: UserID, in db: any SQLDatabase) async throws -> Reminder? {
        try await db.raw("SELECT \(unsafeRaw: columns) FROM reminders WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").first().map(reminder(from:))
    }

    /// A reminder the user sets for one of their ideas; throws ``IdeaNotFound`` otherwise.
    public func create(_ new: NewReminder, for user: UserID) async throws -> Reminder {
        let now = clock.now()
        let zone = try await timeZone(of: user)
        let reminder = try await database.transaction(owner: user.uuid) { db -> Reminder in
            guard let idea = try await GiftIdeaRepository.find(new.giftIdeaId, for: user, in: db) else { throw IdeaNotFound() }
            let text = Self.text(for: idea, day: idea.date ?? LocalDate(new.scheduledFor, in: zone))
            let reminder = Reminder(
                id: ReminderID(UUID.random()), giftIdeaId: idea.id, scheduledFor: new.scheduledFor, message: new.message ?? text.message, channel: new.channel,
                automatic: false, createdAt: now, updatedAt: now)
            try await Self.insert(reminder, title: text.title, user: user, in: db)
            return reminder
        }
        try await enqueue(reminder)
        return reminder
    }

    /// Applies `changes`; a new time moves the delivery, `cancelled` stops it. Nil when the
    /// reminder is not the user's; a stale `ifMatch` is the 412.
    public func update(_ id: ReminderID, for user: UserID, with changes: ReminderChanges, ifMatch: IfMatch? = nil) async throws -> Reminder? {
        let now = clock.now()
        let updated = try await database.transaction(owner: user.uuid) { db -> Reminder? in
            guard try await IfMatch.lock(ifMatch, table: "reminders", id: id.uuid, user: user, in: db) else { return nil }
            guard var reminder = try await Self.find(id, for: user, in: db) else { return nil }
            try ifMatch?.verify(reminder.updatedAt)
            if let when = changes.scheduledFor { reminder.scheduledFor = when }
            if let message = changes.message { reminder.message = message }
            if let channel = changes.channel { reminder.channel = channel }
            if let status = changes.status { reminder.status = status }
            // Moving a reminder that already went out (or failed) sets it going again.
            if changes.scheduledFor != nil, changes.status == nil, reminder.status == .sent || reminder.status == .failed { reminder.status = .pending }
            reminder.updatedAt = IfMatch.nextVersion(after: reminder.updatedAt, now: now)
            try await db.raw(
                """
                UPDATE reminders SET scheduled_for = \(bind: reminder.scheduledFor), message = \(bind: reminder.message), channel = \(bind: reminder.channel.rawValue),
                    status = \(bind: reminder.status.rawValue), updated_at = \(bind: reminder.updatedAt)
                WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                """
            ).run()
            return reminder
        }
        guard let reminder = updated else { return nil }
        if reminder.status == .pending { try await enqueue(reminder) } else { try await cancelJob(reminder.id) }
        return reminder
    }

    /// Deletes the user's reminder and cancels its delivery; false when there is none; a stale
    /// `ifMatch` is the 412, and nothing is deleted.
    public func delete(_ id: ReminderID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        let deleted = try await database.transaction(owner: user.uuid) { db -> Bool in
            guard try await IfMatch.lock(ifMatch, table: "reminders", id: id.uuid, user: user, in: db) else { return false }
            guard let reminder = try await Self.find(id, for: user, in: db) else { return false }
            try ifMatch?.verify(reminder.updatedAt)
            try await db.raw("DELETE FROM reminders WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)").run()
            return true
        }
        if deleted { try await cancelJob(id) }
        return deleted
    }

    /// Every reminder of the user (the export).
    public func all(for user: UserID) async throws -> [Reminder] {
        try await list(for: user, filter: ReminderFilter())
    }
}
