import Foundation

/// ``QuotaServicing`` over the ``SearchRepository`` (its quota route and its ``SearchRepository/state``).
public struct QuotaService: QuotaServicing {
    let search: SearchRepository

    public init(search: SearchRepository) { self.search = search }

    public func report() async throws -> FlightQuotaReport { try await search.quota() }
    public func lastSearchQuota() async -> FlightSearchQuota? { await search.state.quota }
}
