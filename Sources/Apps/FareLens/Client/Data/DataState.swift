import Foundation

/// What a repository's last answer was, for a view model's banners: where it came from, when it
/// was fetched, and whether it is stale (the network failed and the offline copy was served, or
/// the server said so in `meta.stale`), with the server's notice and quota when it sent them.
public struct DataState: Sendable, Equatable {
    /// Where an answer came from.
    public enum Source: String, Sendable, Equatable {
        /// Nothing fetched yet.
        case none
        case network
        /// The in-memory cache, within its max age.
        case memory
        /// The offline copy in the ``LocalStore``: the network failed.
        case offline
    }

    public var source: Source
    /// When the data was fetched from the server.
    public var fetchedAt: Date?
    public var isStale: Bool
    /// The banner the server sent ("Live prices unavailable, showing cached results").
    public var notice: String?
    /// The live provider's quota a search reported.
    public var quota: FlightSearchQuota?
    /// The failure that made the answer offline, as ``AppError`` shows it.
    public var failure: ClientError?

    public init(
        source: Source = .none, fetchedAt: Date? = nil, isStale: Bool = false, notice: String? = nil, quota: FlightSearchQuota? = nil, failure: ClientError? = nil
    ) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.notice = notice
        self.quota = quota
        self.failure = failure
    }
}
