import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// How many watchlists follow a route (DealScore's popularity counts watchers).
public protocol RouteWatcherCounting: Sendable {
    func watcherCount(origin: String, destination: String) async throws -> Int
}
