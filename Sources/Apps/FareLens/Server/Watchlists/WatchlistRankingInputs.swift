import FareLensAPI
import Foundation
import Persistence
import PlatformCore
import SQLKit

/// What the deals feed ranks by for a user: their active watchlists and the preferred airports
/// their tier allows.
public struct WatchlistRankingInputs: DealRankingInputs {
    let watchlists: WatchlistRepository
    let preferences: PreferencesRepository

    public init(watchlists: WatchlistRepository, preferences: PreferencesRepository) {
        self.watchlists = watchlists
        self.preferences = preferences
    }

    public func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria] { try await watchlists.activeCriteria(for: user) }
    public func preferredAirports(for user: UserID) async throws -> [PreferredAirport] { try await preferences.preferredAirports(for: user) }
}
