import FareLensAPI
import Foundation
import Logging
import Notifications
import PlatformAPI
import PlatformCore

/// FareLens's alerts (the ``WatchlistAlerting`` of the scheduled checks): one user's matching deals
/// of a run, taken in smart-queue order, each muted, below the user's threshold, or offered to the
/// platform's notification engine as an immediate `deal_alert`, which applies quiet hours (22–7 by
/// default for FareLens, deferring to their end), the 12-hour dedupe per route and the tier's daily
/// cap. Whatever becomes of an alert is written to the history. Each watchlist whose price moved
/// also gets a silent push with the diff, outside caps and quiet hours. Deferred alerts are offered
/// again when due (``releaseDue()``, run by a recurring job).
public struct FareLensAlertService: WatchlistAlerting {
    /// The category of immediate alerts: what the tier's daily cap counts.
    public static let category = "deal_alert"

    let engine: NotificationEngine
    let history: AlertHistoryRepository
    let settings: AlertSettingsRepository
    let sources: DealSources
    let clock: any TimeSource
    let metros: any MetroAreas
    let logger: Logger

    public init(
        engine: NotificationEngine, history: AlertHistoryRepository, settings: AlertSettingsRepository, sources: DealSources, clock: any TimeSource,
        metros: any MetroAreas = MetroCodes.standard, logger: Logger = Logger(label: "farelens.alerts")
    ) {
        self.engine = engine
        self.history = history
        self.settings = settings
        self.sources = sources
        self.clock = clock
        self.metros = metros
        self.logger = logger
    }

    public func deliver(_ results: [WatchlistCheckResult], for user: UserID) async throws {
        for result in results where result.userID == user {
            if let diff = Self.diff(of: result) { _ = try await engine.pushSilently(diff, to: user, app: .farelens) }
        }
        let preferences = try await settings.preferences(for: user)
        let ranking = sources.ranking
        let queue = SmartQueue(
            watchlists: try await ranking.watchlistCriteria(for: user), preferredAirports: try await ranking.preferredAirports(for: user), metros: metros)
        // A watchlist with alerts off raises no deal alert (its silent price sync still goes out).
        let candidates = results.filter { $0.userID == user && $0.alertsEnabled }.flatMap { result in
            result.matchingDeals.map { AlertCandidate(result: result, deal: $0) }
        }
        for ranked in queue.rank(candidates) {
            let entry = ranked.deal.entry(queueScore: ranked.queueScore, at: clock.now())
            if isMuted(ranked.deal, by: preferences) {
                try await history.insert(AlertRecord(entry: entry.with(status: .muted), userID: user, delivery: nil))
            } else if entry.dealScore < preferences.immediateThreshold {
                try await history.insert(AlertRecord(entry: entry.with(status: .belowThreshold), userID: user, delivery: nil))
            } else {
                let outcome = try await engine.deliver(Self.notification(for: entry, user: user))
                try await history.insert(Self.record(entry, user: user, outcome: outcome))
            }
        }
    }

    /// Offers the deferred alerts that are due to the engine again (each user's best first, so the
    /// cap keeps queue order); answers how many were offered.
    @discardableResult
    public func releaseDue() async throws -> Int {
        let due = try await history.due(by: clock.now())
        for alert in due {
            let outcome = try await engine.deliver(Self.notification(for: alert.entry, user: alert.userID))
            let decided = Self.record(alert.entry, user: alert.userID, outcome: outcome)
            try await history.update(alert.entry.id, status: decided.entry.status, delivery: decided.delivery, deliverAt: decided.entry.deliverAt)
        }
        return due.count
    }

    /// Muted when the user muted the deal's airline, or a route covering the deal's or the
    /// watchlist's (a metro code covers its airports).
    func isMuted(_ candidate: AlertCandidate, by preferences: AlertPreferences) -> Bool {
        if preferences.mutedAirlines.contains(candidate.deal.airline.uppercased()) { return true }
        return preferences.mutedRoutes.contains { muted in
            (metros.covers(muted.origin, candidate.deal.origin) && metros.covers(muted.destination, candidate.deal.destination))
                || (muted.origin == candidate.result.origin.uppercased() && muted.destination == candidate.result.destination.uppercased())
        }
    }

    /// The silent push's data: the watchlist, its latest and previous lowest fares and the change;
    /// nil when nothing changed (no fare, or the same as before).
    static func diff(of result: WatchlistCheckResult) -> [String: String]? {
        guard let latest = result.latestPriceCents, latest != result.previousPriceCents else { return nil }
        var data = ["type": "watchlist_update", "watchlist_id": result.watchlistID.lowercasedString, "latest_price_cents": String(latest), "currency": result.currency]
        if let previous = result.previousPriceCents { data["previous_price_cents"] = String(previous) }
        if let change = result.changeCents { data["change_cents"] = String(change) }
        return data
    }

    /// The immediate alert for a history entry (the same when it is first offered and when a deferred
    /// one is released): keyed by the alert's id, deduplicated by route, grouped by watchlist.
    static func notification(for entry: AlertHistoryEntry, user: UserID) -> OutgoingNotification {
        let price = "\(entry.currency) \(entry.priceCents / 100).\(String(format: "%02d", entry.priceCents % 100))"
        return OutgoingNotification(
            app: .farelens, user: user, title: "\(entry.origin) → \(entry.destination) for \(price)",
            body: "DealScore \(entry.dealScore) · \(entry.airline) · departs \(entry.departureDate.text)", privateTitle: "New flight deal",
            privateBody: "A fare matches one of your watchlists", category: category, threadID: "watchlist-\(entry.watchlistID.description)",
            data: [
                "alert_id": entry.id.description, "watchlist_id": entry.watchlistID.description, "origin": entry.origin, "destination": entry.destination,
                "departure_date": entry.departureDate.text,
            ], idempotencyKey: "farelens-alert-\(entry.id.description)", dedupeKey: "route:\(entry.origin)-\(entry.destination)", priority: entry.dealScore)
    }

    /// The history row for what the engine answered.
    static func record(_ entry: AlertHistoryEntry, user: UserID, outcome: DeliveryResult) -> AlertRecord {
        let (status, delivery, deliverAt): (AlertStatus, String?, Date?) =
            switch outcome {
            case .delivered(let channel, _): (.sent, "delivered_\(channel)", nil)
            case .alreadyDelivered: (.sent, "already_delivered", nil)
            case .deferred(let until): (.deferred, nil, until)
            case .deduplicated: (.deduplicated, nil, nil)
            case .capped: (.capped, nil, nil)
            case .noDevices: (.sent, "no_devices", nil)
            case .disabled: (.muted, "notifications_disabled", nil)
            case .failed: (.sent, "failed", nil)
            }
        var decided = entry.with(status: status)
        decided.deliverAt = deliverAt
        return AlertRecord(entry: decided, userID: user, delivery: delivery)
    }
}

extension AlertHistoryEntry {
    func with(status: AlertStatus) -> AlertHistoryEntry {
        var copy = self
        copy.status = status
        return copy
    }
}
