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

    static let columns = "id, gift_idea_id, occasion_id, scheduled_for, message, channel, status, automatic, created_at, updated_at"

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
        let reminder = try await database.transaction { db -> Reminder in
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
        guard
            let reminder = try await database.transaction({ db -> Reminder? in
                guard try await IfMatch.lock(ifMatch, table: "reminders", id: id.uuid, user: user, in: db) else { return nil }
                guard var reminder = try await Self.find(id, for: user, in: db) else { return nil }
                try ifMatch?.verify(reminder.updatedAt)
                if let when = changes.scheduledFor { reminder.scheduledFor = when }
                if let message = changes.message { reminder.message = message }
                if let channel = changes.channel { reminder.channel = channel }
                if let status = changes.status { reminder.status = status }
                // Moving a reminder that already went out (or failed) sets it going again.
                if changes.scheduledFor != nil, changes.status == nil, reminder.status == .sent || reminder.status == .failed { reminder.status = .pending }
                reminder.updatedAt = now
                try await db.raw(
                    """
                    UPDATE reminders SET scheduled_for = \(bind: reminder.scheduledFor), message = \(bind: reminder.message), channel = \(bind: reminder.channel.rawValue),
                        status = \(bind: reminder.status.rawValue), updated_at = \(bind: now)
                    WHERE id = \(bind: id.uuid) AND user_id = \(bind: user.uuid)
                    """
                ).run()
                return reminder
            })
        else { return nil }
        if reminder.status == .pending { try await enqueue(reminder) } else { try await cancelJob(reminder.id) }
        return reminder
    }

    /// Deletes the user's reminder and cancels its delivery; false when there is none; a stale
    /// `ifMatch` is the 412, and nothing is deleted.
    public func delete(_ id: ReminderID, for user: UserID, ifMatch: IfMatch? = nil) async throws -> Bool {
        let deleted = try await database.transaction { db -> Bool in
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

    // MARK: Lead time

    /// Days before a dated idea its automatic reminder goes out (`notificationLeadTime`, docs/vibekeeper.md, "API").
    public func leadTime(of user: UserID) async throws -> Int {
        try await database.read { db in
            try await db.raw("SELECT notification_lead_time FROM vibekeeper_preferences WHERE user_id = \(bind: user.uuid)").first()?
                .decode(column: "notification_lead_time", as: Int.self) ?? VibeKeeperRules.defaultLeadTimeDays
        }
    }

    /// Saves the lead time and moves the user's pending automatic reminders.
    public func setLeadTime(_ days: Int, for user: UserID) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                INSERT INTO vibekeeper_preferences (user_id, notification_lead_time, updated_at) VALUES (\(bind: user.uuid), \(bind: days), \(bind: now))
                ON CONFLICT (user_id) DO UPDATE SET notification_lead_time = \(bind: days), updated_at = \(bind: now)
                """
            ).run()
        }
        await sync(user: user)
    }

    // MARK: Automatic reminders

    /// Brings the automatic reminder of one idea in line with it (its date, occasion, recipient)
    /// and the lead time. Never throws: a failure is logged and the daily sweep repairs it.
    public func sync(idea id: GiftIdeaID, for user: UserID) async {
        do {
            let lead = try await leadTime(of: user)
            let zone = try await timeZone(of: user)
            let idea = try await database.read { db in try await GiftIdeaRepository.find(id, for: user, in: db) }
            var wanted: (when: Date, day: LocalDate)?
            if let idea, let date = idea.date, !idea.needsReview {
                let when = date.adding(days: -lead).instant(hour: Self.reminderHour, in: zone)
                if when > clock.now() { wanted = (when, date) }
            }
            try await keepAutomatic(
                column: "gift_idea_id", owner: id.uuid, user: user, wanted: wanted.map { ($0.when, Self.text(for: idea!, day: $0.day)) }, giftIdea: id, occasion: nil)
        } catch {
            logger.warning("vibekeeper: idea reminder not synced", metadata: ["idea": "\(id)", "error": "\(error)"])
        }
    }

    /// Brings the automatic reminder of one of a contact's occasions in line with it: before its
    /// next occurrence (29 February falls on 28 February in other years), none for a one-time
    /// occasion that has passed.
    public func sync(occasion id: OccasionID, for user: UserID) async {
        do {
            let lead = try await leadTime(of: user)
            let zone = try await timeZone(of: user)
            let found = try await database.read { db -> (Occasion, String)? in
                guard
                    let row = try await db.raw(
                        """
                        SELECT o.id, o.contact_id, o.name, \(db.dateText("o.occasion_date")) AS occasion_date, o.recurring, o.created_at, o.updated_at, c.name AS contact_name
                        FROM occasions o JOIN contacts c ON c.id = o.contact_id WHERE o.id = \(bind: id.uuid) AND o.user_id = \(bind: user.uuid)
                        """
                    ).first()
                else { return nil }
                return (try ContactRepository.occasion(from: row), try row.decode(column: "contact_name", as: String.self))
            }
            var wanted: (Date, (message: String, title: String))?
            if let (occasion, contactName) = found {
                let today = LocalDate(clock.now(), in: zone)
                for day in Self.occurrences(of: occasion, from: today) {
                    let when = day.adding(days: -lead).instant(hour: Self.reminderHour, in: zone)
                    if when > clock.now() {
                        wanted = (when, Self.text(name: contactName, occasion: occasion.name, day: day))
                        break
                    }
                }
            }
            try await keepAutomatic(column: "occasion_id", owner: id.uuid, user: user, wanted: wanted, giftIdea: nil, occasion: id)
        } catch {
            logger.warning("vibekeeper: occasion reminder not synced", metadata: ["occasion": "\(id)", "error": "\(error)"])
        }
    }

    /// Every automatic reminder of the user (a new lead time or time zone, a renamed contact).
    public func sync(user: UserID) async {
        do {
            let (ideas, occasions) = try await database.read { db in
                (
                    try await db.raw(
                        "SELECT id FROM gift_ideas WHERE user_id = \(bind: user.uuid) AND (idea_date IS NOT NULL OR id IN (SELECT gift_idea_id FROM reminders WHERE automatic = \(bind: true) AND status = 'pending'))"
                    )
                    .all().map { GiftIdeaID(try $0.uuid("id")) },
                    try await db.raw("SELECT id FROM occasions WHERE user_id = \(bind: user.uuid)").all().map { OccasionID(try $0.uuid("id")) }
                )
            }
            for idea in ideas { await sync(idea: idea, for: user) }
            for occasion in occasions { await sync(occasion: occasion, for: user) }
        } catch {
            logger.warning("vibekeeper: reminders not synced", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    /// The daily sweep: every user with a dated idea or an occasion.
    public func syncAll() async throws {
        let users = try await database.read { db in
            try await db.raw("SELECT user_id FROM gift_ideas WHERE idea_date IS NOT NULL UNION SELECT user_id FROM occasions").all()
                .map { UserID(try $0.uuid("user_id")) }
        }
        for user in users { await sync(user: user) }
    }

    /// Keeps one pending automatic reminder for `owner` at `wanted` (or none): updated in place,
    /// created, or cancelled. One that already went out at that instant is not made again.
    func keepAutomatic(
        column: String, owner: UUID, user: UserID, wanted: (when: Date, text: (message: String, title: String))?, giftIdea: GiftIdeaID?, occasion: OccasionID?
    ) async throws {
        let now = clock.now()
        let (toEnqueue, toCancel) = try await database.transaction { db -> (Reminder?, [ReminderID]) in
            let existing = try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns) FROM reminders
                WHERE \(unsafeRaw: column) = \(bind: owner) AND user_id = \(bind: user.uuid) AND automatic = \(bind: true)
                ORDER BY created_at DESC, id
                """
            ).all().map(Self.reminder(from:))
            let pending = existing.filter { $0.status == .pending }
            guard let wanted else {
                for reminder in pending {
                    try await db.raw("UPDATE reminders SET status = 'cancelled', updated_at = \(bind: now) WHERE id = \(bind: reminder.id.uuid)").run()
                }
                return (nil, pending.map(\.id))
            }
            if existing.contains(where: { $0.status != .pending && $0.status != .cancelled && abs($0.scheduledFor.timeIntervalSince(wanted.when)) < 1 }) {
                return (nil, pending.map(\.id))  // this one went out already
            }
            if var keep = pending.first {
                keep.scheduledFor = wanted.when
                keep.message = wanted.text.message
                keep.updatedAt = now
                try await db.raw(
                    """
                    UPDATE reminders SET scheduled_for = \(bind: wanted.when), message = \(bind: wanted.text.message), title = \(bind: wanted.text.title), updated_at = \(bind: now)
                    WHERE id = \(bind: keep.id.uuid)
                    """
                ).run()
                for extra in pending.dropFirst() {
                    try await db.raw("UPDATE reminders SET status = 'cancelled', updated_at = \(bind: now) WHERE id = \(bind: extra.id.uuid)").run()
                }
                return (keep, pending.dropFirst().map(\.id))
            }
            let reminder = Reminder(
                id: ReminderID(UUID.random()), giftIdeaId: giftIdea, occasionId: occasion, scheduledFor: wanted.when, message: wanted.text.message, automatic: true,
                createdAt: now, updatedAt: now)
            try await Self.insert(reminder, title: wanted.text.title, user: user, in: db)
            return (reminder, [])
        }
        for id in toCancel { try await cancelJob(id) }
        if let toEnqueue { try await enqueue(toEnqueue) }
    }

    // MARK: Delivery

    struct JobPayload: Codable {
        var reminderId: ReminderID
        enum CodingKeys: String, CodingKey { case reminderId = "reminder_id" }
    }

    static func jobKey(_ id: ReminderID) -> String { "vibekeeper:reminder:\(id)" }

    func enqueue(_ reminder: Reminder) async throws {
        try await jobs.enqueue(
            try NewJob(kind: Self.jobKind, payload: JobPayload(reminderId: reminder.id), runAt: reminder.scheduledFor, idempotencyKey: Self.jobKey(reminder.id)),
            onConflict: .replaceIfNotStarted)
    }

    func cancelJob(_ id: ReminderID) async throws {
        _ = try await jobs.cancel(idempotencyKey: Self.jobKey(id))
    }

    /// The job: send the reminder if it is still pending and due; quiet hours defer it; a
    /// recurring occasion's reminder is followed by next year's.
    public func handle(_ job: ClaimedJob) async throws -> JobOutcome {
        let id = try job.decode(JobPayload.self).reminderId
        guard
            let row = try await database.read({ db in
                try await db.raw("SELECT user_id, gift_idea_id, occasion_id, scheduled_for, message, title, status FROM reminders WHERE id = \(bind: id.uuid)").first()
            })
        else { return .completed }
        guard try row.decode(column: "status", as: String.self) == ReminderStatus.pending.rawValue else { return .completed }
        let scheduledFor = try row.decode(column: "scheduled_for", as: Date.self)
        if scheduledFor > clock.now().addingTimeInterval(30) { return .deferred(until: scheduledFor) }
        let user = UserID(try row.uuid("user_id"))
        let idea = try row.optionalUUID("gift_idea_id")
        let occasion = try row.optionalUUID("occasion_id")
        let message = try row.decode(column: "message", as: String.self)
        let title = try row.decode(column: "title", as: String.self)
        var data = ["reminder_id": id.description, "type": "reminder"]
        if let idea { data["gift_idea_id"] = idea.uuidString.lowercased() }
        if let occasion { data["occasion_id"] = occasion.uuidString.lowercased() }
        let notification = OutgoingNotification(
            app: .vibekeeper, user: user, title: title, body: message, privateTitle: "Gift Reminder", privateBody: "You have a gift reminder.",
            category: "GIFT_REMINDER", threadID: idea.map { "gift-idea-\($0.uuidString.lowercased())" } ?? occasion.map { "occasion-\($0.uuidString.lowercased())" },
            data: data, idempotencyKey: Self.jobKey(id))
        let result: DeliveryResult
        if let engine {
            do { result = try await engine.deliver(notification) } catch { result = .failed("delivery error: \(error)") }
        } else {
            result = .failed("no notification engine")
        }
        switch result {
        case .deferred(let until):
            return .deferred(until: until)
        case .delivered, .alreadyDelivered, .noDevices:
            try await finish(id, status: .sent, error: nil)
        case .disabled:
            try await finish(id, status: .cancelled, error: "notifications disabled by the user")
        case .deduplicated, .capped:
            try await finish(id, status: .cancelled, error: "held back by the delivery rules")
        case .failed(let reason):
            try await finish(id, status: .failed, error: reason)
        }
        if let occasion { await sync(occasion: OccasionID(occasion), for: user) }
        return .completed
    }

    func finish(_ id: ReminderID, status: ReminderStatus, error: String?) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE reminders SET status = \(bind: status.rawValue), error = \(bind: error), sent_at = \(bind: status == .sent ? now : nil), updated_at = \(bind: now)
                WHERE id = \(bind: id.uuid) AND status = 'pending'
                """
            ).run()
        }
    }

    // MARK: Helpers

    func timeZone(of user: UserID) async throws -> TimeZone { try await userTimeZone(user, accounts: accounts) }

    /// The occurrences of an occasion from `today` on: this year's and the next two for a recurring
    /// one (29 February on 28 February in other years), the date itself for a one-time one.
    static func occurrences(of occasion: Occasion, from today: LocalDate) -> [LocalDate] {
        guard occasion.recurring else { return occasion.date >= today ? [occasion.date] : [] }
        return (0...2).map { offset in
            let year = today.year + offset
            let day = min(occasion.date.day, LocalDate.daysIn(month: occasion.date.month, year: year))
            return LocalDate(year: year, month: occasion.date.month, day: day)
        }.filter { $0 >= today }
    }

    /// The texts for an idea (docs/vibekeeper.md, "Automatic reminders"): "Don't forget {name}'s {occasion} on {Month day}!" and
    /// "Gift Reminder: {name}'s {occasion}"; without a recipient the idea stands in for the person,
    /// without an occasion "gift".
    static func text(for idea: GiftIdea, day: LocalDate) -> (message: String, title: String) {
        text(name: idea.recipientName ?? idea.idea, occasion: idea.occasion ?? "gift", day: day)
    }

    static func text(name: String, occasion: String, day: LocalDate) -> (message: String, title: String) {
        (Reminder.message(recipient: name, occasion: occasion, month: day.month, day: day.day), Reminder.title(recipient: name, occasion: occasion))
    }

    static func insert(_ reminder: Reminder, title: String, user: UserID, in db: any SQLDatabase) async throws {
        try await db.raw(
            """
            INSERT INTO reminders (id, user_id, gift_idea_id, occasion_id, scheduled_for, message, title, channel, status, automatic, created_at, updated_at)
            VALUES (\(bind: reminder.id.uuid), \(bind: user.uuid), \(bind: reminder.giftIdeaId?.uuid), \(bind: reminder.occasionId?.uuid), \(bind: reminder.scheduledFor),
                \(bind: reminder.message), \(bind: title), \(bind: reminder.channel.rawValue), \(bind: reminder.status.rawValue), \(bind: reminder.automatic),
                \(bind: reminder.createdAt), \(bind: reminder.updatedAt))
            """
        ).run()
    }

    static func reminder(from row: any SQLRow) throws -> Reminder {
        Reminder(
            id: ReminderID(try row.uuid("id")),
            giftIdeaId: try row.optionalUUID("gift_idea_id").map { GiftIdeaID($0) },
            occasionId: try row.optionalUUID("occasion_id").map { OccasionID($0) },
            scheduledFor: try row.decode(column: "scheduled_for", as: Date.self),
            message: try row.decode(column: "message", as: String.self),
            channel: ReminderChannel(rawValue: try row.decode(column: "channel", as: String.self)) ?? .push,
            status: ReminderStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .pending,
            automatic: try row.decode(column: "automatic", as: Bool.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}
