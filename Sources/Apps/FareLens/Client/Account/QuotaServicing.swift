import Foundation

/// The search quota as a protocol: the live providers' report (the banner before a search) and the
/// quota the last search reported.
public protocol QuotaServicing: Sendable {
    func report() async throws -> FlightQuotaReport
    /// What the last search's `meta.quota` said; nil before one.
    func lastSearchQuota() async -> FlightSearchQuota?
}
