import AppPlatform
import FareLensAPI
import Foundation
import Jobs
import Logging
import Persistence
import PlatformAPI
import PlatformCore
import SQLKit

/// Immediate alerts for exceptional deals (DealScore ≥ ``AlertRules/exceptionalScore``) as soon as
/// they are recorded, whoever's search or refresh found them, instead of at the next scheduled
/// check. Every recorded deal passes through ``recording(to:)`` (the observer's ``DealRecording``);
/// the exceptional ones are enqueued as durable jobs, one per fare and 12-hour window (its
/// idempotency key), so the search that found them only pays one insert and a crash loses nothing.
/// The job alerts each owner of an active, alerts-enabled watchlist the deal matches (the checks'
/// own match: ``Watchlist/accepts(_:currency:)``) through ``FareLensAlertService/deliver(_:for:)``,
/// so quiet hours, dedupe, caps, mutes and the user's threshold apply exactly as for checks.
public struct ExceptionalDealAlerts: Sendable {
    static let jobKind = "farelens.exceptional_deal_alerts"

    let jobs: JobQueue
    let watchlists: WatchlistRepository
    let service: FareLensAlertService
    let clock: any TimeSource
    let logger: Logger

    /// `deals`, with every recorded candidate scoring ≥ 90 also enqueued for alerting.
    public func recording(to deals: any DealRecording) -> any DealRecording { ExceptionalDealRecorder(deals: deals, alerts: self) }

    /// Registers the job that alerts the watchers of one exceptional deal.
    public func registerJobs(on scheduler: JobScheduler) {
        scheduler.register(Self.jobKind) { job in
            try await alert(try job.decode(ExceptionalDeal.self).candidate)
            return .completed
        }
    }

    /// Enqueues an alert job per exceptional, unexpired candidate (once per fare, price and 12 hours).
    func enqueue(_ candidates: [DealCandidate]) async throws {
        let now = clock.now()
        let exceptional = candidates.filter { $0.score.score >= AlertRules.exceptionalScore && $0.expiresAt > now }
        guard !exceptional.isEmpty else { return }
        let window = Int((now.timeIntervalSince1970 / AlertRules.dedupeWindow).rounded(.down))
        try await jobs.enqueue(
            try exceptional.map { candidate in
                try NewJob(
                    kind: Self.jobKind, payload: ExceptionalDeal(candidate), runAt: now,
                    idempotencyKey: "farelens-exceptional:\(DealRepository.key(candidate))|\(candidate.priceCents)|\(window)")
            })
    }

    /// Offers `deal` to each user with a matching active, alerts-enabled watchlist (their oldest such
    /// watchlist names it). One user's failure is logged and does not hold the others back.
    func alert(_ deal: DealCandidate) async throws {
        let now = clock.now()
        guard deal.expiresAt > now else { return }
        var seen: Set<UserID> = []
        for (user, watchlist) in try await watchlists.alertingWatchers(of: deal) where seen.insert(user).inserted {
            let result = WatchlistCheckResult(
                watchlistID: watchlist.id.uuid, userID: user, origin: watchlist.origin, destination: watchlist.destination, latestPriceCents: nil,
                previousPriceCents: nil, currency: watchlist.currency, matchingDeals: [deal], checkedAt: now, alertsEnabled: true)
            do {
                try await service.deliver([result], for: user)
            } catch {
                logger.warning("could not alert an exceptional deal", metadata: ["user": "\(user)", "error": "\(error)"])
            }
        }
    }
}

/// The observer's deal store with exceptional deals also handed to ``ExceptionalDealAlerts``; a
/// failure to enqueue is logged, never fails the search that found the deal.
struct ExceptionalDealRecorder: DealRecording {
    let deals: any DealRecording
    let alerts: ExceptionalDealAlerts

    func record(_ candidates: [DealCandidate]) async throws {
        try await deals.record(candidates)
        do {
            try await alerts.enqueue(candidates.filter(\.score.tier.isListed))
        } catch {
            alerts.logger.warning("could not enqueue exceptional deal alerts", metadata: ["error": "\(error)"])
        }
    }
}

extension DealCandidate: QueueableDeal {
    public var dealScore: Int { score.score }
}

extension Watchlist {
    /// Whether a fare in `currency` is one for this watchlist: its currency, route (airports or metro
    /// codes), departure window and ceiling. The checks and the exceptional-deal alerts both use it.
    func accepts(_ deal: some QueueableDeal, currency: String) -> Bool {
        currency == self.currency && criteria.matches(deal, metros: MetroCodes.standard)
    }
}

extension WatchlistRepository {
    /// The active, alerts-enabled watchlists that `deal` matches, with their owners, each user's
    /// oldest first (a watchlist on a metro code holding the deal's airport included).
    func alertingWatchers(of deal: DealCandidate) async throws -> [(user: UserID, watchlist: Watchlist)] {
        let origins = covering(deal.origin.uppercased())
        let destinations = covering(deal.destination.uppercased())
        let rows = try await database.read { db in
            try await db.raw(
                """
                SELECT \(unsafeRaw: Self.columns), w.user_id FROM farelens_watchlists w
                WHERE w.paused_reason IS NULL AND \(db.isOneOf("w.origin", origins)) AND \(db.isOneOf("w.destination", destinations))
                ORDER BY w.user_id, w.created_at, w.id
                """
            ).all().map { row in (user: UserID(try row.uuid("user_id")), watchlist: try Self.watchlist(from: row)) }
        }
        return rows.filter { $0.watchlist.alertsEnabled && $0.watchlist.accepts(deal, currency: deal.currency) }
    }
}
