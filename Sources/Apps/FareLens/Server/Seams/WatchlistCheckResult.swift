import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together. This one: the
// watchlist checks (Checks/) hand their results to the alerts (Alerts/).

/// One watchlist's check (scheduled or asked for): the lowest fare found for it now, the one at the
/// previous check, and the fares that are deals for it.
public struct WatchlistCheckResult: Sendable, Equatable {
    public var watchlistID: UUID
    public var userID: UserID
    /// The watchlist's route as the user wrote it (airports or metro codes).
    public var origin: String
    public var destination: String
    /// The lowest fare found for the watchlist's criteria, in minor units of `currency`; nil when none.
    public var latestPriceCents: Int?
    /// The lowest fare at the previous check; nil on the first.
    public var previousPriceCents: Int?
    public var currency: String
    /// Fares scoring 60 or more that match the watchlist (route, window, ceiling), best first.
    public var matchingDeals: [DealCandidate]
    public var checkedAt: Date
    /// The watchlist's `alerts_enabled`: off, its deals raise no immediate alert (its price change
    /// still syncs silently).
    public var alertsEnabled: Bool

    /// The change since the previous check (negative: cheaper); nil without both prices.
    public var changeCents: Int? { latestPriceCents.flatMap { latest in previousPriceCents.map { latest - $0 } } }

    public init(
        watchlistID: UUID, userID: UserID, origin: String, destination: String, latestPriceCents: Int?, previousPriceCents: Int?, currency: String,
        matchingDeals: [DealCandidate], checkedAt: Date, alertsEnabled: Bool = true
    ) {
        self.watchlistID = watchlistID
        self.userID = userID
        self.origin = origin
        self.destination = destination
        self.latestPriceCents = latestPriceCents
        self.previousPriceCents = previousPriceCents
        self.currency = currency
        self.matchingDeals = matchingDeals
        self.checkedAt = checkedAt
        self.alertsEnabled = alertsEnabled
    }
}
