import Foundation

/// What the deal screens ask of deals (docs/farelens.md, "SDK and CLI"): injected, so a view model's
/// tests use a fake. Only ``fetchDeals(filter:)`` is required (a fake implements just that);
/// the rest have defaults that do nothing.
public protocol DealServiceProtocol: Sendable {
    /// The feed under `filter`, in queue order.
    func fetchDeals(filter: DealFilter) async throws -> [Deal]
    /// The feed fetched from the server even when the cache holds it (pull to refresh).
    func refreshDeals(filter: DealFilter) async throws -> [Deal]
    func saveDeal(_ deal: Deal) async throws
    func unsaveDeal(_ id: DealID) async throws
    /// Where the last feed came from (stale, offline), for the banner.
    func feedState() async -> DataState
}

extension DealServiceProtocol {
    public func refreshDeals(filter: DealFilter) async throws -> [Deal] { try await fetchDeals(filter: filter) }
    public func saveDeal(_ deal: Deal) async throws {}
    public func unsaveDeal(_ id: DealID) async throws {}
    public func feedState() async -> DataState { DataState() }
}
