import Foundation
import Observation

/// The watchlist screen (docs/farelens.md, "SDK and CLI"): the caller's routes (readable offline, marked
/// stale), delete, pause/resume, the latest check of each, and the tier's limit shown before the
/// server refuses: ``canAddWatchlist`` and ``limitMessage`` from the tier `GET /v1/me` reports.
@MainActor
@Observable
public final class WatchlistsViewModel {
    public private(set) var watchlists: [Watchlist] = []
    /// The caller's account (tier, entitlements); nil until loaded.
    public private(set) var account: FareLensAccount?
    /// The latest check of each watchlist, after ``checkForUpdates()``.
    public private(set) var checks: [WatchlistID: WatchlistCheck] = [:]
    public private(set) var isLoading = false
    /// Shown from the offline copy: the network failed.
    public private(set) var isStale = false
    public private(set) var error: AppError?
    /// The line for the screen after a refused action (a tier limit, a failed delete).
    public private(set) var message: String?

    let service: any WatchlistServicing
    let accounts: any AccountServicing

    public init(service: any WatchlistServicing, accounts: any AccountServicing) {
        self.service = service
        self.accounts = accounts
    }

    /// The tier's limit against the active watchlists (Free until the account is known).
    public var limit: WatchlistLimit { WatchlistLimit(tier: account?.tier ?? .free, watchlists: watchlists) }
    public var canAddWatchlist: Bool { limit.canAdd }
    public var limitMessage: String? { limit.message }

    /// Loads the account and the watchlists (the account offline keeps the last one known).
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        if let account = try? await accounts.account() { self.account = account }
        do {
            watchlists = try await service.watchlists()
            isStale = await service.state().isStale
            error = nil
        } catch {
            self.error = AppError(error)
        }
    }

    /// An editor for a new watchlist (nil at the tier's limit: the screen shows ``limitMessage``)
    /// or for `watchlist`.
    public func editor(for watchlist: Watchlist? = nil) -> WatchlistEditorViewModel? {
        guard watchlist != nil || canAddWatchlist else {
            message = limitMessage
            return nil
        }
        return WatchlistEditorViewModel(service: service, editing: watchlist) { [weak self] saved in self?.replace(saved) }
    }

    public func delete(_ watchlist: Watchlist) async {
        do {
            try await service.delete(id: watchlist.id)
            watchlists.removeAll { $0.id == watchlist.id }
            checks[watchlist.id] = nil
        } catch {
            message = EditorErrors(error).message
        }
    }

    /// Pauses or resumes `watchlist`; a resume past the tier's limit is refused here, before the server.
    public func setPaused(_ watchlist: Watchlist, _ paused: Bool) async {
        if !paused, watchlist.paused, !canAddWatchlist {
            message = limitMessage
            return
        }
        do {
            replace(try await service.setPaused(watchlist, paused))
        } catch {
            message = EditorErrors(error).message
        }
    }

    /// Asks the server for the latest check of every watchlist shown.
    public func checkForUpdates() async {
        do {
            for check in try await service.checkForUpdates(watchlists.map(\.id)) where check.found {
                if let id = UUID(parsing: check.id) { checks[WatchlistID(id)] = check }
            }
        } catch {
            self.error = AppError(error)
        }
    }

    func replace(_ saved: Watchlist) {
        if let index = watchlists.firstIndex(where: { $0.id == saved.id }) {
            watchlists[index] = saved
        } else {
            watchlists.insert(saved, at: 0)
        }
    }
}
