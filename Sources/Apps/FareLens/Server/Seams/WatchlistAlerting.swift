import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together. This one: the
// watchlist checks (Checks/) hand their results to the alerts (Alerts/).

/// Where scheduled checks' results go to become alerts (the alerts part): immediate pushes within
/// the user's caps, quiet hours and mute list, silent pushes with the diff, and the history.
public protocol WatchlistAlerting: Sendable {
    /// Handles one user's results of one scheduled run (all their checked watchlists at once, so the
    /// daily cap is taken in smart-queue order across them).
    func deliver(_ results: [WatchlistCheckResult], for user: UserID) async throws
}
