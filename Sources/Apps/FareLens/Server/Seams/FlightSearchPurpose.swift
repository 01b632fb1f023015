import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// Who asked for a search, for quota priority (user search > Pro watchlist > Free watchlist >
/// background) and per-user limits.
public enum FlightSearchPurpose: Sendable, Equatable {
    case userSearch(UserID)
    case watchlist(tier: FareLensTier)
    case background
}
