import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// What happens to the offers of every search that reached a provider (not a cache hit): the
/// prices go into the history, the route's search counter moves, each offer gets its DealScore and
/// tier, and the good ones become deals. Answers the response with `deal_score`/`deal_tier` filled.
public protocol FlightSearchObserving: Sendable {
    func observe(_ response: FlightOffersResponse, for query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse
}
