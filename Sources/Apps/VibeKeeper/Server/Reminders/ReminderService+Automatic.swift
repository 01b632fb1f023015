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

extension ReminderService {
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

    /// Keeps one pending automatic reminder for `owner` at `wanted` (or none): updated in place,
    /// created, or cancelled. One that already went out at that instant is not made again. An
    /// account deleted meanwhile has none to keep: nothing is done.
    func keepAutomatic(
        column: String, owner: UUID, user: UserID, wanted: (when: Date, text: (message: String, title: String))?, giftIdea: GiftIdeaID?, occasion: OccasionID?
    ) async throws {
        let now = clock.now()
        let kept: (Reminder?, [ReminderID])
        do {
            kept = try await database.transaction(owner: user.uuid) { db -> (Reminder?, [ReminderID]) in
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
        } catch is OwnerGone {
            return  // the account went meanwhile, and its reminders with it
        }
        let (toEnqueue, toCancel) = kept
        for id in toCancel { try await cancelJob(id) }
        if let toEnqueue { try await enqueue(toEnqueue) }
    }
}
