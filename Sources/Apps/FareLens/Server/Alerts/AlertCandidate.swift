import FareLensAPI
import Foundation
import Logging
import Notifications
import PlatformAPI
import PlatformCore

/// One matching deal of one watchlist's check, as the smart queue ranks it.
struct AlertCandidate: QueueableDeal {
    var result: WatchlistCheckResult
    var deal: DealCandidate

    var origin: String { deal.origin }
    var destination: String { deal.destination }
    var departureDate: LocalDate { deal.departureDate }
    var priceCents: Int { deal.priceCents }
    var dealScore: Int { deal.score.score }

    func entry(queueScore: Double, at now: Date) -> AlertHistoryEntry {
        AlertHistoryEntry(
            id: AlertID(), watchlistID: WatchlistID(result.watchlistID), origin: deal.origin, destination: deal.destination, departureDate: deal.departureDate,
            airline: deal.airline, priceCents: deal.priceCents, currency: deal.currency, dealScore: deal.score.score, queueScore: queueScore, status: .sent,
            deliverAt: nil, createdAt: now)
    }
}
