import Foundation

/// `WatchlistService` as a protocol (docs/farelens.md, "SDK and CLI"), so view models take a fake in previews and tests.
public protocol WatchlistServicing: Sendable {
    /// The caller's watchlists (the server's, else the offline copy; see ``WatchlistRepository``).
    func watchlists() async throws -> [Watchlist]
    /// Where the last ``watchlists()`` came from (stale offline copy or not).
    func state() async -> DataState
    func create(_ input: WatchlistInput) async throws -> Watchlist
    func update(id: WatchlistID, _ input: WatchlistInput) async throws -> Watchlist
    func delete(id: WatchlistID) async throws
    /// Pauses (`true`) or resumes (`false`) a watchlist; resuming past the tier's limit is a 403 `tier_limit`.
    func setPaused(_ watchlist: Watchlist, _ paused: Bool) async throws -> Watchlist
    /// The latest check of each of `ids` (`GET /farelens/v1/watchlist/check`), in their order.
    func checkForUpdates(_ ids: [WatchlistID]) async throws -> [WatchlistCheck]
}
