import Foundation

/// ``WatchlistServicing`` over the ``WatchlistRepository`` (reads and writes, offline copy) and the
/// check route, which takes at most ``WatchlistCheckIDs/maxIDs`` ids a request: more are asked in turn.
public struct WatchlistService: WatchlistServicing {
    let api: FareLensAPIClient
    let repository: WatchlistRepository

    public init(api: FareLensAPIClient, repository: WatchlistRepository) {
        self.api = api
        self.repository = repository
    }

    public func watchlists() async throws -> [Watchlist] { try await repository.watchlists() }
    public func state() async -> DataState { await repository.state }
    public func create(_ input: WatchlistInput) async throws -> Watchlist { try await repository.create(input) }
    public func update(id: WatchlistID, _ input: WatchlistInput) async throws -> Watchlist { try await repository.update(id: id, input) }
    public func delete(id: WatchlistID) async throws { try await repository.delete(id: id) }

    public func setPaused(_ watchlist: Watchlist, _ paused: Bool) async throws -> Watchlist {
        var input = WatchlistInput(watchlist)
        input.paused = paused
        return try await repository.update(id: watchlist.id, input)
    }

    public func checkForUpdates(_ ids: [WatchlistID]) async throws -> [WatchlistCheck] {
        var checks: [WatchlistCheck] = []
        for start in stride(from: 0, to: ids.count, by: WatchlistCheckIDs.maxIDs) {
            let chunk = Array(ids[start..<min(start + WatchlistCheckIDs.maxIDs, ids.count)])
            checks += try await api.send(FareLensRoutes.watchlistCheck, query: WatchlistCheckQuery(ids: chunk)).data
        }
        return checks
    }
}

extension WatchlistInput {
    /// The body that puts `watchlist` back as it is (a `PUT` replaces every field): the start of an
    /// edit, a pause or a resume.
    public init(_ watchlist: Watchlist) {
        self.init(
            origin: watchlist.origin, destination: watchlist.destination, departureFrom: watchlist.departureFrom, departureTo: watchlist.departureTo,
            maxPriceCents: watchlist.maxPriceCents, currency: watchlist.currency, alertsEnabled: watchlist.alertsEnabled)
    }
}
