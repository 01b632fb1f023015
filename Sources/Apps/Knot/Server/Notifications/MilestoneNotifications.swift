import Auth
import Foundation
import Jobs
import KnotAPI
import Logging
import Notifications
import Persistence
import PlatformCore
import SQLKit

/// Knot's proactive reminders (docs/knot.md, "Reminders"): 14, 7 and 3 days
/// before each milestone's next occurrence, at 09:00 in the user's time zone. Each reminder is a row
/// in `notification_queue` plus a durable job with the same idempotency key; rescheduling after a
/// vault change cancels what no longer applies and moves what changed. Processing generates the
/// milestone's recommendations, then notifies through the platform engine, and always finishes the
/// job (a failure is recorded on the row, never retried forever).
public struct MilestoneNotifications: Sendable {
    public static let jobKind = "knot.milestone_reminder"
    public static let sweepJobKind = "knot.reminder_sweep"
    /// A reminder claimed longer ago than this (its processor died) may be processed again.
    static let staleClaim: TimeInterval = 600

    let database: any Database
    let vaults: VaultRepository
    let accounts: AccountRepository
    let recommender: RecommendationService
    let engine: NotificationEngine
    let clock: any TimeSource
    let logger: Logger

    public init(
        database: any Database, vaults: VaultRepository, accounts: AccountRepository, recommender: RecommendationService, engine: NotificationEngine, clock: any TimeSource,
        logger: Logger
    ) {
        self.database = database
        self.vaults = vaults
        self.accounts = accounts
        self.recommender = recommender
        self.engine = engine
        self.clock = clock
        self.logger = logger
    }

    struct JobPayload: Codable {
        enum CodingKeys: String, CodingKey { case notificationId = "notification_id" }
        var notificationId: NotificationID
    }

    // MARK: Scheduling

    /// Brings the user's pending reminders in line with their vault; returns how many are pending
    /// (0 for an account deleted meanwhile: its reminders went with it).
    @discardableResult
    public func schedule(for user: UserID) async throws -> Int {
        let vault = try await vaults.find(for: user)
        let preferences = try await accounts.preferences(of: user)
        let now = clock.now()
        let zone = ReminderCalendar.timeZone(preference: preferences?.timezone, state: vault?.content.locationState, country: vault?.content.locationCountry)
        let milestones = (vault?.content.milestones ?? []).filter(\.notificationsEnabled)
        // Still valid: every reminder of each milestone's current occurrence, due ones included (a
        // reminder deferred by quiet hours, or due and not yet processed, is not cancelled). New rows
        // are only made for reminders still ahead.
        let current = milestones.flatMap { milestone in
            ReminderCalendar.allReminders(for: milestone, now: now, zone: zone).map { (reminder: $0, milestone: milestone) }
        }
        let wantedKeys = Set(current.map(\.reminder.key))
        let wanted = current.filter { $0.reminder.sendAt > now }
        do {
            return try await database.transaction(owner: user.uuid) { db in
                let pending = try await db.raw(
                    """
                    SELECT id, reminder_key FROM notification_queue WHERE user_id = \(bind: user.uuid) AND status = 'pending'
                    """
                ).all()
                for row in pending {
                    let key = try row.decode(column: "reminder_key", as: String?.self) ?? ""
                    guard !wantedKeys.contains(key) else { continue }
                    try await db.raw(
                        """
                        UPDATE notification_queue SET status = 'cancelled', error = 'the milestone changed, was removed or had its reminders turned off', updated_at = \(bind: now)
                        WHERE id = \(bind: try row.uuid("id"))
                        """
                    ).run()
                    try await JobQueue.cancel(idempotencyKey: key, now: now, on: db)
                }
                var scheduled = 0
                for (reminder, milestone) in wanted {
                    let row = try await db.raw(
                        """
                        INSERT INTO notification_queue (id, user_id, milestone_id, milestone_name, milestone_type, occurrence_date, reminder_key, scheduled_for, days_before, status, created_at, updated_at)
                        VALUES (\(bind: UUID()), \(bind: user.uuid), \(bind: milestone.id.uuid), \(bind: milestone.milestoneName), \(bind: milestone.milestoneType.rawValue),
                            \(bind: reminder.occurrence.description), \(bind: reminder.key), \(bind: reminder.sendAt), \(bind: reminder.daysBefore), 'pending', \(bind: now), \(bind: now))
                        ON CONFLICT (milestone_id, days_before, occurrence_date) DO UPDATE SET status = 'pending', error = NULL, scheduled_for = excluded.scheduled_for,
                            milestone_name = excluded.milestone_name, milestone_type = excluded.milestone_type, updated_at = excluded.updated_at
                        WHERE notification_queue.status IN ('pending', 'cancelled')
                        RETURNING id
                        """
                    ).first()
                    guard let row else { continue }  // already sent for this occurrence
                    let id = NotificationID(try row.uuid("id"))
                    let job = try NewJob(kind: Self.jobKind, payload: JobPayload(notificationId: id), runAt: reminder.sendAt, idempotencyKey: reminder.key, maxAttempts: 5)
                    try await JobQueue.enqueue(job, onConflict: .replaceIfNotStarted, now: now, on: db)
                    scheduled += 1
                }
                return scheduled
            }
        } catch is OwnerGone {
            // The account went meanwhile, and its reminders with it: nothing to schedule (as for
            // an account already gone, whose vault reads as none).
            return 0
        }
    }

    /// Turns a milestone's reminders on or off and reschedules the user's reminders (off cancels the
    /// milestone's pending ones, on schedules them). False when the milestone is not the user's.
    public func setReminders(_ enabled: Bool, for milestone: MilestoneID, user: UserID) async throws -> Bool {
        let changed = try await database.transaction(owner: user.uuid) { db in
            try await db.raw(
                """
                UPDATE partner_milestones SET notifications_enabled = \(bind: enabled)
                WHERE id = \(bind: milestone.uuid) AND vault_id IN (SELECT id FROM partner_vaults WHERE user_id = \(bind: user.uuid))
                RETURNING id
                """
            ).first() != nil
        }
        if changed { try await schedule(for: user) }
        return changed
    }

    /// Reschedules every user with a vault (the daily sweep): rolls yearly milestones over to their
    /// next occurrence and repairs any scheduling a vault write could not do. Returns users processed.
    @discardableResult
    public func scheduleAll() async throws -> Int {
        let users = try await database.read { db in
            try await db.raw("SELECT user_id FROM partner_vaults").all().map { UserID(try $0.uuid("user_id")) }
        }
        var done = 0
        for user in users {
            do {
                try await schedule(for: user)
                done += 1
            } catch {
                logger.warning("could not schedule reminders for a user", metadata: ["user": "\(user)", "error": "\(error)"])
            }
        }
        return done
    }

    /// Schedules after a vault write without ever failing it (docs/knot.md, "Reminders").
    public func scheduleQuietly(for user: UserID) async {
        do {
            try await schedule(for: user)
        } catch {
            logger.warning("vault saved but reminders could not be scheduled; the daily sweep will retry", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    // MARK: Processing

    /// The outcome of processing one reminder (`POST /notifications/process`'s answer, docs/knot.md, "API").
    public struct ProcessResult: Sendable, Equatable, Encodable {
        enum CodingKeys: String, CodingKey {
            case status, notificationId = "notification_id", message, recommendationsGenerated = "recommendations_generated", pushDelivered = "push_delivered"
        }
        /// `processed`, `skipped`, `rescheduled` or `not_found`.
        public var status: String
        public var notificationId: NotificationID
        public var message: String
        public var recommendationsGenerated: Int
        public var pushDelivered: Bool
        /// When `rescheduled`, the instant it should run again.
        public var retryAt: Date?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(notificationId, forKey: .notificationId)
            try container.encode(message, forKey: .message)
            try container.encode(recommendationsGenerated, forKey: .recommendationsGenerated)
            try container.encode(pushDelivered, forKey: .pushDelivered)
        }
    }

    /// The job handler: process the reminder, defer it during quiet hours, finish otherwise.
    public func handle(_ job: ClaimedJob) async throws -> JobOutcome {
        let payload = try job.decode(JobPayload.self)
        let result = try await process(payload.notificationId)
        if result.status == "rescheduled", let retryAt = result.retryAt { return .deferred(until: retryAt) }
        return .completed
    }

    public func process(_ id: NotificationID) async throws -> ProcessResult {
        func result(_ status: String, _ message: String, generated: Int = 0, delivered: Bool = false, retryAt: Date? = nil) -> ProcessResult {
            ProcessResult(status: status, notificationId: id, message: message, recommendationsGenerated: generated, pushDelivered: delivered, retryAt: retryAt)
        }
        // Claim the reminder atomically, so a QStash delivery and the scheduler (or a retry after a
        // crash) never both generate and send it. A claim older than `staleClaim` is taken over.
        let now = clock.now()
        guard
            let row = try await database.transaction({ db in
                try await db.raw(
                    """
                    UPDATE notification_queue SET status = 'processing', claimed_at = \(bind: now), updated_at = \(bind: now)
                    WHERE id = \(bind: id.uuid) AND (status = 'pending' OR (status = 'processing' AND claimed_at < \(bind: now.addingTimeInterval(-Self.staleClaim))))
                    RETURNING user_id, milestone_id, days_before, reminder_key
                    """
                ).first()
            })
        else {
            let status = try await database.read { db in
                try await db.raw("SELECT status FROM notification_queue WHERE id = \(bind: id.uuid)").first()?.decode(column: "status", as: String.self)
            }
            guard let status else { return result("not_found", "No such notification.") }
            return result("skipped", "Notification already \(status).")
        }
        do {
            return try await processClaimed(id, row: row)
        } catch {
            // Give the claim back so the job's retry can process it.
            try? await release(id)
            throw error
        }
    }

    private func processClaimed(_ id: NotificationID, row: any SQLRow) async throws -> ProcessResult {
        func result(_ status: String, _ message: String, generated: Int = 0, delivered: Bool = false, retryAt: Date? = nil) -> ProcessResult {
            ProcessResult(status: status, notificationId: id, message: message, recommendationsGenerated: generated, pushDelivered: delivered, retryAt: retryAt)
        }
        let user = UserID(try row.uuid("user_id"))
        let daysBefore = try row.decode(column: "days_before", as: Int.self)
        let reminderKey = try row.decode(column: "reminder_key", as: String?.self) ?? "knot:notification:\(id)"
        guard let milestoneUUID = try row.decode(column: "milestone_id", as: UUID?.self),
            let vault = try await vaults.find(for: user),
            let milestone = vault.content.milestones.first(where: { $0.id.uuid == milestoneUUID && $0.notificationsEnabled })
        else {
            try await finish(id, status: "cancelled", error: "the milestone was removed", generated: 0)
            return result("skipped", "The milestone no longer exists.")
        }
        let zoneFallback = ReminderCalendar.stateZone(state: vault.content.locationState, country: vault.content.locationCountry)
        switch try await engine.gate(user: user, app: .knot, timeZoneFallback: zoneFallback) {
        case .disabled?:
            try await finish(id, status: "cancelled", error: "notifications disabled by the user", generated: 0)
            return result("skipped", "Notifications disabled by user.")
        case .deferred(let until)?:
            try await release(id)
            return result("rescheduled", "Inside quiet hours; rescheduled.", retryAt: until)
        case .failed(let reason)?:
            try await finish(id, status: "failed", error: reason, generated: 0)
            return result("skipped", reason)
        default:
            break
        }

        // Recommendations first (stored, so by-milestone shows them); a failure here never blocks
        // finishing the reminder (docs/knot.md, "Reminders").
        var generated = 0
        var vibeNames: [String] = vault.content.vibes.map(\.rawValue)
        do {
            let batch = try await recommender.generate(for: user, occasion: milestone.budgetTier, milestone: milestone.id, vibeOverride: nil)
            generated = batch.count
            vibeNames = vault.content.vibes.map(\.rawValue)
        } catch {
            logger.warning("reminder: recommendations could not be generated", metadata: ["notification": "\(id)", "error": "\(error)"])
        }
        // Processed is sent; with nothing to show no push goes out (docs/knot.md, "Reminders").
        guard generated > 0 else {
            try await finish(id, status: "sent", error: "no recommendations could be generated; no push sent", generated: 0)
            return result("processed", "No recommendations; no push sent.")
        }
        let message = Self.message(partnerName: vault.content.partnerName, milestoneName: milestone.milestoneName, daysBefore: daysBefore, vibes: vibeNames, count: generated)
        let notification = OutgoingNotification(
            app: .knot, user: user, title: message.title, body: message.body, privateTitle: message.privateTitle, privateBody: message.privateBody,
            category: NotificationCategory.milestoneReminder.identifier, threadID: "milestone-\(milestone.id)",
            data: ["notification_id": id.description, "milestone_id": milestone.id.description, "deep_link": "knot://milestones/\(milestone.id)/recommendations"],
            idempotencyKey: reminderKey
        )
        let delivery: DeliveryResult
        do {
            delivery = try await engine.deliver(notification, timeZoneFallback: zoneFallback)
        } catch {
            delivery = .failed("delivery error: \(error)")
        }
        switch delivery {
        case .delivered, .alreadyDelivered:
            try await finish(id, status: "sent", error: nil, generated: generated)
            return result("processed", "Notification sent.", generated: generated, delivered: true)
        case .deferred(let until):
            try await release(id)
            return result("rescheduled", "Inside quiet hours; rescheduled.", generated: generated, retryAt: until)
        case .disabled:
            try await finish(id, status: "cancelled", error: "notifications disabled by the user", generated: generated)
            return result("skipped", "Notifications disabled by user.", generated: generated)
        case .noDevices:
            // Not a delivery error: the reminder is in the history and its recommendations in the app.
            try await finish(id, status: "sent", error: nil, generated: generated)
            return result("processed", "No registered device; recommendations are ready in the app.", generated: generated)
        case .deduplicated, .capped:
            try await finish(id, status: "cancelled", error: "held back by the delivery rules", generated: generated)
            return result("processed", "Held back by the delivery rules.", generated: generated)
        case .failed(let reason):
            try await finish(id, status: "failed", error: reason, generated: generated)
            return result("processed", "Push delivery failed: \(reason)", generated: generated)
        }
    }

    private func finish(_ id: NotificationID, status: String, error: String?, generated: Int) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE notification_queue SET status = \(bind: status), error = \(bind: error), recommendations_generated = \(bind: generated),
                    sent_at = \(bind: status == "sent" || status == "failed" ? now : nil), updated_at = \(bind: now)
                WHERE id = \(bind: id.uuid) AND status = 'processing'
                """
            ).run()
        }
    }

    /// Gives a claimed reminder back (it will run again later, e.g. after quiet hours).
    private func release(_ id: NotificationID) async throws {
        let now = clock.now()
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE notification_queue SET status = 'pending', claimed_at = NULL, updated_at = \(bind: now) WHERE id = \(bind: id.uuid) AND status = 'processing'
                """
            ).run()
        }
    }

    /// The texts (docs/knot.md, "Reminders"): "[Partner]'s
    /// [Milestone] is in [X] days" and "I've found N [Vibe] options…" (first vibe, capitalised,
    /// underscores as spaces; "curated" without vibes). The private variant names nobody.
    public static func message(
        partnerName: String, milestoneName: String, daysBefore: Int, vibes: [String], count: Int
    ) -> (title: String, body: String, privateTitle: String, privateBody: String) {
        // "Alex's Birthday" already names the partner; "[Partner]'s [Milestone]" would say it twice.
        let names = milestoneName.lowercased().hasPrefix(partnerName.lowercased()) ? milestoneName : "\(partnerName)'s \(milestoneName)"
        let vibe =
            vibes.first.map { name -> String in
                let spaced = name.replacingOccurrences(of: "_", with: " ")
                return spaced.prefix(1).uppercased() + spaced.dropFirst()
            } ?? "curated"
        let days = daysBefore == 1 ? "1 day" : "\(daysBefore) days"
        return (
            "\(names) is in \(days)",
            "I've found \(count) \(vibe) options based on their interests. Tap to see them.",
            "A milestone is coming up in \(days)",
            "I've found \(count) ideas for it. Tap to see them in Knot."
        )
    }
}

extension NotificationCategory {
    /// Knot's milestone reminders: open the recommendations, or remind me later.
    public static let milestoneReminder = NotificationCategory(identifier: "MILESTONE_REMINDER", actions: ["VIEW", "SNOOZE"])
}
