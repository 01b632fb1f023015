import FareLensAPI
import Foundation
import PlatformAPI
import PlatformCore

/// No watchlists and no preferred airports: every deal ranks by its DealScore alone.
public struct NoDealRankingInputs: DealRankingInputs {
    public init() {}
    public func watchlistCriteria(for user: UserID) async throws -> [WatchlistCriteria] { [] }
    public func preferredAirports(for user: UserID) async throws -> [PreferredAirport] { [] }
}
