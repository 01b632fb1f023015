import Foundation

/// The SDK's ``DealServiceProtocol``: the feed through the cache-first ``DealRepository``, ranked on
/// the device with the contract's ``SmartQueue`` (the same order the server gives, kept when the feed
/// comes from the offline copy; deals scored under 60 never shown), saves through `/saved-deals`.
public actor DealService: DealServiceProtocol {
    let repository: DealRepository
    let api: any RouteSending
    /// The user's watchlists and preferred airports, as the queue weighs them.
    public private(set) var queue: SmartQueue

    public init(repository: DealRepository, api: any RouteSending, queue: SmartQueue = SmartQueue(watchlists: [], preferredAirports: [])) {
        self.repository = repository
        self.api = api
        self.queue = queue
    }

    /// Replaces the queue's weights (after the watchlists or preferred airports change).
    public func setQueue(_ queue: SmartQueue) { self.queue = queue }

    public func fetchDeals(filter: DealFilter) async throws -> [Deal] {
        queue.feed(try await repository.getDeals(filter: filter.feedFilter)).map(\.deal)
    }

    public func refreshDeals(filter: DealFilter) async throws -> [Deal] {
        repository.cache.remove(key: DealRepository.key(filter.feedFilter))
        return try await fetchDeals(filter: filter)
    }

    public func saveDeal(_ deal: Deal) async throws {
        _ = try await api.send(FareLensRoutes.saveDeal, body: SaveDealRequest(dealID: deal.id))
    }

    public func unsaveDeal(_ id: DealID) async throws {
        _ = try await api.send(FareLensRoutes.deleteSavedDeal, id)
    }

    /// The saved deals, newest first (first page).
    public func savedDeals() async throws -> [SavedDeal] {
        try await api.send(FareLensRoutes.savedDeals, query: PageQuery(limit: DealRules.maxPage)).data
    }

    public func feedState() async -> DataState { await repository.state }
}
