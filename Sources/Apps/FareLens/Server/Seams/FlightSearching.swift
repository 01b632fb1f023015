import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// Runs a flight search through the cache, the quota and the providers (the search part's
/// service), for the parts that search on their own: the deals' background refresh, and the next
/// issue's watchlist checks.
public protocol FlightSearching: Sendable {
    func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse
}
