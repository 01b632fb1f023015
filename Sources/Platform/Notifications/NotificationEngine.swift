import Auth
import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import SQLKit

/// The one notification engine every app uses. It applies the user's preferences (off switch,
/// quiet hours in their time zone, lock-screen privacy) and the app's ``DeliveryRules`` (dedupe
/// window, daily cap), then delivers by APNs when configured or to the outbox otherwise, and records
/// each notification under its idempotency key so a retried job never sends twice.
///
/// Checks and the delivery record are written in one transaction per user (serialised by an
/// advisory lock on PostgreSQL, by the single writer on SQLite), so concurrent deliveries for one
/// user cannot both slip under a cap. The outbox channel is fully transactional: exactly once. APNs
/// is marked `sending` before the request and `delivered` after; if the process dies in between,
/// the delivery is retried once the `sending` mark is older than ``staleSending`` (at least once).
public struct NotificationEngine: Sendable {
    public static let staleSending: TimeInterval = 120

    let database: any Database
    let accounts: AccountRepository
    let push: (any PushProvider)?
    let clock: any TimeSource
    let rules: [AppID: DeliveryRules]
    /// Per-user caps of categories, per app (``using(capResolver:for:)``).
    var capResolvers: [AppID: any NotificationCapResolving] = [:]
    let metrics: MetricsRegistry?
    let logger: Logger

    public init(
        database: any Database, accounts: AccountRepository, push: (any PushProvider)?, clock: any TimeSource, rules: [AppID: DeliveryRules] = [:], metrics: MetricsRegistry? = nil,
        logger: Logger
    ) {
        self.database = database
        self.accounts = accounts
        self.push = push
        self.clock = clock
        self.rules = rules
        self.metrics = metrics
        self.logger = logger
    }

    /// This engine with `resolver` setting `app`'s category caps per user (an app hands its copy of
    /// the platform's engine its tier lookup).
    public func using(capResolver resolver: any NotificationCapResolving, for app: AppID) -> NotificationEngine {
        var engine = self
        engine.capResolvers[app] = resolver
        return engine
    }

    /// The channel used when a notification is sent: `apns` when configured, else `outbox`.
    public var channel: String { push == nil ? "outbox" : "apns" }

    /// Delivers `notification` now, or says why not. `timeZoneFallback` is the app's guess at the
    /// user's zone (e.g. from a partner's location) when the user set none.
    public func deliver(_ notification: OutgoingNotification, timeZoneFallback: String? = nil) async throws -> DeliveryResult {
        let result = try await attempt(notification, timeZoneFallback: timeZoneFallback)
        metrics?.increment(
            "notifications_total", help: "Notifications handled by the engine, by outcome.", labels: ["app": notification.app.rawValue, "result": result.metricLabel])
        return result
    }

    /// Why a notification for `user` (of `category`, when it is one the app's rules let through
    /// quiet hours) cannot go out right now (`.disabled`, `.deferred(until:)`, or `.failed` for a
    /// deleted user), or `nil` when it can. Apps call this before expensive work (generating the
    /// content) so it is not done at 3 a.m. only to be deferred.
    public func gate(user: UserID, app: AppID, category: String? = nil, timeZoneFallback: String? = nil) async throws -> DeliveryResult? {
        if case .blocked(let result) = try await check(user: user, app: app, category: category, timeZoneFallback: timeZoneFallback) { return result }
        return nil
    }

    enum Gate {
        case open(NotificationPreferences, QuietHours)
        case blocked(DeliveryResult)
    }

    func check(user: UserID, app: AppID, category: String?, timeZoneFallback: String?) async throws -> Gate {
        guard let preferences = try await accounts.preferences(of: user) else { return .blocked(.failed("the user no longer exists")) }
        guard preferences.notificationsEnabled else { return .blocked(.disabled) }
        let quiet = QuietHours(start: preferences.quietHoursStart, end: preferences.quietHoursEnd, timeZone: QuietHours.zone(preferences.timezone, fallback: timeZoneFallback))
        let now = clock.now()
        if (rules[app] ?? DeliveryRules()).holdsForQuietHours(category: category), quiet.contains(now) {
            return .blocked(.deferred(until: quiet.deliveryTime(for: now)))
        }
        return .open(preferences, quiet)
    }

    private func attempt(_ notification: OutgoingNotification, timeZoneFallback: String?) async throws -> DeliveryResult {
        let preferences: NotificationPreferences
        let quiet: QuietHours
        switch try await check(user: notification.user, app: notification.app, category: notification.category, timeZoneFallback: timeZoneFallback) {
        case .blocked(let result): return result
        case .open(let prefs, let hours): (preferences, quiet) = (prefs, hours)
        }
        let rules = rules[notification.app] ?? DeliveryRules()
        let now = clock.now()
        let visible =
            preferences.hideNotificationDetails
            ? (notification.privateTitle, notification.privateBody)
            : (notification.title, notification.body)
        let devices = push == nil ? [] : try await accounts.devices(of: notification.user).filter { $0.platform == "ios" }
        let channel = channel
        let dayStart = quiet.startOfDay(for: now)
        let categoryCap = try await categoryCap(of: notification, rules: rules)

        let (decision, deliveryID): (DeliveryResult?, UUID?) = try await database.transaction { db in
            try await db.serializeTransactions(on: notification.user.description)
            var record = DeliveryRecord(notification: notification, visibleTitle: visible.0, visibleBody: visible.1, channel: channel, now: now)
            if let existing = try await db.raw(
                """
                SELECT status, updated_at FROM notification_deliveries WHERE idempotency_key = \(bind: notification.idempotencyKey)
                """
            ).first() {
                let status = try existing.decode(column: "status", as: String.self)
                let updated = try existing.decode(column: "updated_at", as: Date.self)
                // Only a delivery that went out (or is going out right now) counts. One that was held
                // back (no device, capped, deduplicated) or failed is decided afresh on a retry.
                let freshSending = status == "sending" && now.timeIntervalSince(updated) <= Self.staleSending
                if status == "delivered" || freshSending { return (.alreadyDelivered, nil) }
            }
            if let window = rules.dedupeWindow, let key = notification.dedupeKey,
                try await db.raw(
                    """
                    SELECT 1 AS found FROM notification_deliveries
                    WHERE user_id = \(bind: notification.user.uuid) AND app = \(bind: notification.app.rawValue) AND dedupe_key = \(bind: key)
                        AND status IN ('delivered', 'sending') AND created_at > \(bind: now.addingTimeInterval(-window))
                    LIMIT 1
                    """
                ).first() != nil
            {
                record.status = "deduplicated"
                return (.deduplicated, try await record.save(on: db))
            }
            if let cap = rules.dailyCap {
                let sentToday =
                    try await db.raw(
                        """
                        SELECT COUNT(*) AS sent FROM notification_deliveries
                        WHERE user_id = \(bind: notification.user.uuid) AND app = \(bind: notification.app.rawValue)
                            AND status IN ('delivered', 'sending') AND created_at >= \(bind: dayStart)
                        """
                    ).first()?.decode(column: "sent", as: Int.self) ?? 0
                if sentToday >= cap {
                    record.status = "capped"
                    return (.capped, try await record.save(on: db))
                }
            }
            if let (category, cap) = categoryCap {
                let sentToday =
                    try await db.raw(
                        """
                        SELECT COUNT(*) AS sent FROM notification_deliveries
                        WHERE user_id = \(bind: notification.user.uuid) AND app = \(bind: notification.app.rawValue) AND category = \(bind: category)
                            AND status IN ('delivered', 'sending') AND created_at >= \(bind: dayStart)
                        """
                    ).first()?.decode(column: "sent", as: Int.self) ?? 0
                if sentToday >= cap {
                    record.status = "capped"
                    return (.capped, try await record.save(on: db))
                }
            }
            if channel == "outbox" {
                record.status = "delivered"
                record.deliveredAt = now
                return (.delivered(channel: "outbox", devices: 0), try await record.save(on: db))
            }
            if devices.isEmpty {
                record.channel = "none"
                record.status = "skipped"
                record.error = "no registered iOS device"
                return (.noDevices, try await record.save(on: db))
            }
            record.status = "sending"
            return (nil, try await record.save(on: db))
        }
        if let decision {
            if case .delivered = decision {
                // Identifiers only: titles and bodies name people (a partner, a milestone), and
                // stay in the database, readable by their owner through the outbox API.
                logger.info("notification delivered to the outbox", metadata: Self.identifiers(of: notification, delivery: deliveryID))
            }
            return decision
        }
        return try await sendPush(notification, delivery: deliveryID, title: visible.0, body: visible.1, to: devices.map(\.token))
    }

    /// The daily cap of the notification's category: the app's resolver's answer for the user, else
    /// the rules' `categoryCaps`; nil when the category has none.
    private func categoryCap(of notification: OutgoingNotification, rules: DeliveryRules) async throws -> (String, Int)? {
        guard let category = notification.category else { return nil }
        let resolved = try await capResolvers[notification.app]?.dailyCap(for: notification.user, category: category)
        return (resolved ?? rules.categoryCaps[category]).map { (category, $0) }
    }

    /// Sends a background (silent) push to the user's iOS devices: no alert, sound or badge, never
    /// held by quiet hours, deduplicated or counted against caps (it tells the app to refresh, and
    /// carries only `data`). Not recorded: without APNs it has nowhere to go (`.noDevices`), and a
    /// user who turned notifications off gets none (`.disabled`).
    public func pushSilently(_ data: [String: String], to user: UserID, app: AppID) async throws -> DeliveryResult {
        guard let preferences = try await accounts.preferences(of: user) else { return .failed("the user no longer exists") }
        guard preferences.notificationsEnabled else { return .disabled }
        guard let push else { return .noDevices }
        let tokens = try await accounts.devices(of: user).filter { $0.platform == "ios" }.map(\.token)
        guard !tokens.isEmpty else { return .noDevices }
        var accepted = 0
        for token in tokens {
            switch await push.send(.background(data: data, app: app), to: token) {
            case .accepted: accepted += 1
            case .invalidToken:
                do { try await accounts.removeDevice(app: app, token: token) } catch {
                    logger.warning("could not remove an invalid device token", metadata: ["error": "\(error)"])
                }
            case .rejected, .failed: break
            }
        }
        let result: DeliveryResult = accepted > 0 ? .delivered(channel: "apns", devices: accepted) : .failed("no device accepted the silent push")
        metrics?.increment("notifications_silent_total", help: "Silent (background) pushes, by outcome.", labels: ["app": app.rawValue, "result": result.metricLabel])
        return result
    }

    /// What the logs may say about a notification: the delivery row, the user, the app and the
    /// kind (category) — never its text.
    static func identifiers(of notification: OutgoingNotification, delivery: UUID?) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["app": "\(notification.app.rawValue)", "user": "\(notification.user)", "kind": "\(notification.category ?? "none")"]
        if let delivery { metadata["notification"] = "\(delivery.lowercasedString)" }
        return metadata
    }

    private func sendPush(_ notification: OutgoingNotification, delivery: UUID?, title: String, body: String, to tokens: [String]) async throws -> DeliveryResult {
        guard let push else { return .failed("no push provider") }
        let payload = APNsPayload(
            title: title, body: body, category: notification.category, threadID: notification.threadID, data: notification.data, collapseID: notification.dedupeKey,
            app: notification.app)
        var accepted = 0
        var errors: [String] = []
        for token in tokens {
            switch await push.send(payload, to: token) {
            case .accepted:
                accepted += 1
            case .invalidToken(let reason):
                errors.append(reason)
                do { try await accounts.removeDevice(app: notification.app, token: token) } catch {
                    logger.warning("could not remove an invalid device token", metadata: ["error": "\(error)"])
                }
            case .rejected(let status, let reason):
                errors.append("\(status) \(reason)")
            case .failed(let message):
                errors.append(message)
            }
        }
        let now = clock.now()
        let error = errors.isEmpty ? nil : errors.joined(separator: "; ")
        let delivered = accepted
        try await database.transaction { db in
            try await db.raw(
                """
                UPDATE notification_deliveries SET status = \(bind: delivered > 0 ? "delivered" : "failed"), devices = \(bind: delivered), error = \(bind: error),
                    delivered_at = \(bind: delivered > 0 ? now : nil), updated_at = \(bind: now)
                WHERE idempotency_key = \(bind: notification.idempotencyKey)
                """
            ).run()
        }
        if accepted > 0 { return .delivered(channel: "apns", devices: accepted) }
        var metadata = Self.identifiers(of: notification, delivery: delivery)
        metadata["error"] = "\(error ?? "")"
        logger.warning("push delivery failed", metadata: metadata)
        return .failed(error ?? "no device accepted the notification")
    }

    // MARK: Reading

    /// The user's notifications in the outbox (or all channels), newest first.
    public func deliveries(for user: UserID, app: AppID, channel: String? = "outbox", limit: Int = 50) async throws -> [DeliveryEntry] {
        try await database.read { db in
            let channelFilter: SQLQueryString = channel.map { "AND channel = \(bind: $0)" } ?? ""
            return try await db.raw(
                """
                SELECT id, channel, status, title, body, visible_title, visible_body, category, thread_id, data, devices, error, created_at, delivered_at
                FROM notification_deliveries WHERE user_id = \(bind: user.uuid) AND app = \(bind: app.rawValue) \(channelFilter)
                ORDER BY created_at DESC LIMIT \(bind: min(max(limit, 1), 200))
                """
            ).all().map(DeliveryEntry.init(row:))
        }
    }

    /// The recorded outcome for an idempotency key, if any.
    public func status(ofKey key: String) async throws -> String? {
        try await database.read { db in
            try await db.raw("SELECT status FROM notification_deliveries WHERE idempotency_key = \(bind: key)").first()?.decode(column: "status", as: String.self)
        }
    }
}

extension DeliveryResult {
    var metricLabel: String {
        switch self {
        case .delivered(let channel, _): "delivered_\(channel)"
        case .alreadyDelivered: "already_delivered"
        case .disabled: "disabled"
        case .deferred: "deferred"
        case .deduplicated: "deduplicated"
        case .capped: "capped"
        case .noDevices: "no_devices"
        case .failed: "failed"
        }
    }
}
