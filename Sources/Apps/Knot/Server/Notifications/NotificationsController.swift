import Foundation
import Hummingbird
import Jobs
import Notifications
import PlatformCore

/// Knot's notification endpoints under `/knot/api/v1/notifications` (docs/knot.md, "API"):
/// `GET upcoming`, `GET history` (limit/offset), `PATCH {id}/viewed` and
/// `PUT /milestones/{id}/notifications` for the signed-in user, and
/// `POST process` for deployments that deliver reminders through QStash (authenticated by the
/// `Upstash-Signature` header instead of a bearer token).
public struct NotificationsController: Sendable {
    let notifications: MilestoneNotifications
    let jobs: JobQueue
    let verifier: QStashVerifier?
    let destinationURL: String?
    let clock: any TimeSource

    public init(notifications: MilestoneNotifications, jobs: JobQueue, verifier: QStashVerifier?, destinationURL: String?, clock: any TimeSource) {
        self.notifications = notifications
        self.jobs = jobs
        self.verifier = verifier
        self.destinationURL = destinationURL
        self.clock = clock
    }

    struct ProcessRequest: Decodable {
        enum CodingKeys: String, CodingKey { case notificationId = "notification_id", userId = "user_id", milestoneId = "milestone_id", daysBefore = "days_before" }
        var notificationId: String?
        var userId: String?
        var milestoneId: String?
        var daysBefore: Int?
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(KnotRoutes.upcomingNotifications, use: upcoming)
        api.on(KnotRoutes.notificationHistory, use: history)
        api.on(KnotRoutes.milestoneReminders, use: setMilestoneReminders)
        api.on(KnotRoutes.markNotificationViewed, use: markViewed)
    }

    /// `POST /knot/api/v1/notifications/process`, verified by QStash signature.
    public func addWebhookRoutes(to open: RouterGroup<AppRequestContext>) {
        open.on(KnotRoutes.processNotification, responding: process)
    }

    @Sendable func upcoming(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> UpcomingNotifications {
        let items = try await notifications.upcoming(for: context.userID)
        return UpcomingNotifications(notifications: items, count: items.count)
    }

    @Sendable func history(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: NotificationHistoryQuery
    ) async throws -> NotificationHistoryPage {
        let page = try await notifications.history(for: context.userID, limit: query.limit, offset: query.offset)
        return NotificationHistoryPage(notifications: page.items, total: page.total)
    }

    /// Which milestones trigger reminders (docs/knot.md, "API"): off cancels the pending ones, on schedules.
    @Sendable func setMilestoneReminders(_ request: Request, _ context: AuthenticatedContext, _ id: MilestoneID) async throws -> MilestoneReminderSetting {
        let enabled = try MilestoneReminderSetting.check(try await request.decode(as: MilestoneReminderSetting.Input.self, context: context)).get()
        guard try await notifications.setReminders(enabled, for: id, user: context.userID) else { throw APIError.notFound("Milestone", code: "milestone_not_found") }
        return MilestoneReminderSetting(milestoneId: id, notificationsEnabled: enabled)
    }

    @Sendable func markViewed(_ request: Request, _ context: AuthenticatedContext, _ id: NotificationID) async throws -> ViewedReceipt {
        guard let viewedAt = try await notifications.markViewed(id, for: context.userID) else {
            throw APIError.notFound("Notification", code: "notification_not_found")
        }
        return ViewedReceipt(id: id, viewedAt: viewedAt)
    }

    @Sendable func process(_ request: Request, _ context: AppRequestContext, _: NoParameter) async throws -> MilestoneNotifications.ProcessResult {
        guard let verifier else {
            throw APIError.unauthorized("QStash delivery is not configured on this server (set QSTASH_CURRENT_SIGNING_KEY and QSTASH_NEXT_SIGNING_KEY).")
        }
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        let data = Data(buffer: body)
        do {
            try verifier.verify(signature: request.headers[values: .init("Upstash-Signature")!].first, body: data, url: destinationURL, now: clock.now())
        } catch {
            throw APIError.unauthorized("Invalid QStash signature: \(error).")
        }
        // The body was read raw for the signature; it is decoded by the same strict rules as every other.
        let input = try APIRequestDecoder.decode(ProcessRequest.self, from: data)
        var validator = Validator()
        let id = input.notificationId.flatMap(NotificationID.init)
        validator.check(id != nil, "notification_id", input.notificationId == nil ? "is required" : "must be a UUID")
        if let days = input.daysBefore { validator.check(ReminderCalendar.reminderDays.contains(days), "days_before", "must be 14, 7 or 3") }
        try validator.throwIfInvalid()
        let result = try await notifications.process(id!)
        if result.status == "not_found" { throw APIError.notFound("Notification", code: "notification_not_found") }
        if result.status == "rescheduled", let retryAt = result.retryAt {
            try await notifications.postponeJob(id!, until: retryAt, jobs: jobs)
        }
        return result
    }
}

extension MilestoneNotifications.ProcessResult: ResponseEncodable {}
extension UpcomingNotifications: ResponseEncodable {}
extension NotificationHistoryPage: ResponseEncodable {}
extension ViewedReceipt: ResponseEncodable {}

extension MilestoneNotifications {
    /// Moves the reminder's job to `date` (a QStash delivery that arrived during quiet hours).
    func postponeJob(_ id: NotificationID, until date: Date, jobs: JobQueue) async throws {
        guard
            let row = try await database.read({ db in
                try await db.raw("SELECT reminder_key FROM notification_queue WHERE id = \(bind: id.uuid)").first()
            }), let key = try row.decode(column: "reminder_key", as: String?.self)
        else { return }
        try await jobs.enqueue(try NewJob(kind: Self.jobKind, payload: JobPayload(notificationId: id), runAt: date, idempotencyKey: key), onConflict: .replaceIfNotStarted)
    }
}
extension MilestoneReminderSetting: ResponseEncodable {}
