import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore

/// FareLens's part of a user's data export: their account (tier, trial), watchlists, preferred
/// airports (all stored, whatever the tier uses), saved deals and points vault. Telemetry is not
/// theirs: its rows carry an install's anonymous id, never the account.
public struct FareLensExporter: AppDataExporter {
    let accounts: FareLensAccountRepository
    let watchlists: WatchlistRepository
    let preferences: PreferencesRepository
    let savedDeals: SavedDealRepository
    let pointsPrograms: PointsProgramRepository

    /// The export's shape.
    struct Export: Encodable, Sendable {
        enum CodingKeys: String, CodingKey { case account, watchlists, preferredAirports = "preferred_airports", savedDeals = "saved_deals", pointsPrograms = "points_programs" }
        var account: FareLensAccount
        var watchlists: [Watchlist]
        var preferredAirports: [PreferredAirport]
        var savedDeals: [SavedDeal]
        var pointsPrograms: [PointsProgram]
    }

    public func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(
            Export(
                account: try await accounts.account(for: user), watchlists: try await watchlists.all(for: user),
                preferredAirports: try await preferences.stored(for: user), savedDeals: try await savedDeals.all(for: user),
                pointsPrograms: try await pointsPrograms.all(for: user)))
    }
}
