import Foundation

/// Flight search, its history and the saved searches. A search is always asked of the server
/// (docs/farelens.md, "SDK and CLI"); the server's `meta` (stale answer from its cache,
/// notice, quota) becomes ``state``. History and saved searches live only on the device (so
/// they work offline), in the ``LocalStore``: the newest
/// ``historyLimit`` searches, a repeat moved to the top; up to ``savedLimit`` saved searches.
public actor SearchRepository {
    /// 20 recent searches fill a screen.
    public static let historyLimit = 20
    /// 50 saved searches is more than anyone keeps.
    public static let savedLimit = 50
    static let historyDocument = "search-history"
    static let savedDocument = "saved-searches"

    let api: any RouteSending
    let store: any LocalStore
    let now: @Sendable () -> Date
    /// What the last search answered: stale, notice and quota from its `meta`; `fetchedAt` is the
    /// server cache's `cached_at` when it answered from there.
    public private(set) var state = DataState()

    public init(api: any RouteSending, store: any LocalStore, now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.store = store
        self.now = now
    }

    /// Searches `criteria` on the server and records it in the history (a failed search too: the
    /// user asked it).
    public func search(_ criteria: SearchCriteria) async throws -> FlightOffersResponse {
        try await remember(criteria)
        let answer = try await api.send(FareLensRoutes.flightOffers, query: criteria.query)
        state = Self.state(of: answer, at: now())
        return answer
    }

    /// What `answer` says of itself (stale, notice, quota), fetched at `now` unless it came from
    /// the server's cache: the state of this very answer, whatever other searches did meanwhile.
    public static func state(of answer: FlightOffersResponse, at now: Date) -> DataState {
        let meta = answer.meta
        return DataState(
            source: .network, fetchedAt: meta?.cachedAt ?? now, isStale: meta?.stale ?? false, notice: meta?.notice, quota: meta?.quota)
    }

    /// The live providers' quota, for the banner before a search.
    public func quota() async throws -> FlightQuotaReport {
        try await api.send(FareLensRoutes.quota)
    }

    /// The recent searches, newest first.
    public func history() async throws -> [SearchCriteria] {
        try await store.decoded([SearchCriteria].self, Self.historyDocument) ?? []
    }

    public func clearHistory() async throws {
        try await store.encode([SearchCriteria](), as: Self.historyDocument)
    }

    /// The saved searches, newest first.
    public func savedSearches() async throws -> [SavedSearch] {
        try await store.decoded([SavedSearch].self, Self.savedDocument) ?? []
    }

    /// Saves `criteria` as `name`; past ``savedLimit`` the oldest is dropped.
    @discardableResult
    public func saveSearch(_ criteria: SearchCriteria, name: String) async throws -> SavedSearch {
        let saved = SavedSearch(name: name, criteria: criteria, savedAt: now())
        try await store.encode(Array(([saved] + (try await savedSearches())).prefix(Self.savedLimit)), as: Self.savedDocument)
        return saved
    }

    public func deleteSavedSearch(id: UUID) async throws {
        try await store.encode(try await savedSearches().filter { $0.id != id }, as: Self.savedDocument)
    }

    private func remember(_ criteria: SearchCriteria) async throws {
        let history = [criteria] + (try await self.history()).filter { $0 != criteria }
        try await store.encode(Array(history.prefix(Self.historyLimit)), as: Self.historyDocument)
    }
}
