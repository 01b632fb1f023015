import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// What the feed's ranking needs of a user: their active watchlists and preferred airports.
public protocol DealRankingInputs: Sendable {
    func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria]
    func preferredAirports(for user: UserID) async throws -> [PreferredAirport]
}
