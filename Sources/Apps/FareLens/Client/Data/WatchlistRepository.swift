import Foundation

/// The caller's watchlists, readable offline: each fetch replaces the offline copy (the last list
/// fetched), which is served, marked stale in ``state``, when the server cannot be reached. Writes
/// go to the server and update the copy; they are not queued offline.
public actor WatchlistRepository {
    static let document = "watchlists"

    let api: any RouteSending
    let store: any LocalStore
    let now: @Sendable () -> Date
    public private(set) var state = DataState()

    public init(api: any RouteSending, store: any LocalStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.store = store
        self.now = now
    }

    /// The watchlists (first page, up to ``DealRules/maxPage``): the server's, else the last fetched.
    public func watchlists() async throws -> [Watchlist] {
        do {
            let page = try await api.send(FareLensRoutes.watchlists, query: PageQuery(limit: DealRules.maxPage))
            let fetchedAt = now()
            try? await store.encode(Stamped(value: page.data, savedAt: fetchedAt), as: Self.document)
            state = DataState(source: .network, fetchedAt: fetchedAt)
            return page.data
        } catch let error as ClientError where error.isTransient {
            guard let saved = try await store.decoded(Stamped<[Watchlist]>.self, Self.document) else { throw error }
            state = DataState(source: .offline, fetchedAt: saved.savedAt, isStale: true, failure: error)
            return saved.value
        }
    }

    /// Creates a watchlist (a 403 `tier_limit` past the tier's count) and adds it to the copy.
    public func create(_ input: WatchlistInput) async throws -> Watchlist {
        let created = try await api.send(FareLensRoutes.createWatchlist, body: input)
        try await updateCopy { [created] + $0 }
        return created
    }

    /// Replaces a watchlist (`paused` in `input` pauses or resumes it) and updates the copy.
    public func update(id: WatchlistID, _ input: WatchlistInput) async throws -> Watchlist {
        let updated = try await api.send(FareLensRoutes.updateWatchlist, id, body: input)
        try await updateCopy { $0.map { $0.id == id ? updated : $0 } }
        return updated
    }

    /// Deletes a watchlist and drops it from the copy.
    public func delete(id: WatchlistID) async throws {
        _ = try await api.send(FareLensRoutes.deleteWatchlist, id)
        try await updateCopy { $0.filter { $0.id != id } }
    }

    private func updateCopy(_ change: ([Watchlist]) -> [Watchlist]) async throws {
        guard let saved = try await store.decoded(Stamped<[Watchlist]>.self, Self.document) else { return }
        try await store.encode(Stamped(value: change(saved.value), savedAt: saved.savedAt), as: Self.document)
    }
}
