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
}
