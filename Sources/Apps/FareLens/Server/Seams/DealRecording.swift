import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

// A seam between FareLens's parts (Seams/): search (Search/), prices and scoring (Prices/), watchlists
// and preferences (Watchlists/), deals (Deals/). Each part depends on the others only through these,
// so each is built and tested alone and `FareLensApp` wires the real ones together.

/// Where scored fares go to become deals (the deals part's repository).
public protocol DealRecording: Sendable {
    /// Keeps the listed candidates (tier good or exceptional) as deals, replacing an older deal for
    /// the same route, date, cabin and airline; ignores the rest.
    func record(_ candidates: [DealCandidate]) async throws
}
