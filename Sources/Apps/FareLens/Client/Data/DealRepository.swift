import Foundation

/// `DealRepository` (docs/farelens.md, "SDK and CLI"), cache-first: the memory cache (300 s, under `"deals"` for the
/// unfiltered feed), else the server (`GET /deals`), saved to the cache and the offline archive;
/// when the server cannot be reached (offline, timeout, 5xx, 429 after the retries) the archive's
/// 50 newest deals of the last 7 days that pass the filter, marked stale in ``state``. Other failures (signed out, 422)
/// are thrown: an old feed would hide them.
public actor DealRepository {
    /// The most deals one fetch asks for: what the archive serves offline.
    public static let pageSize = DealArchive.served

    let api: any RouteSending
    let cache: CacheManager
    let archive: DealArchive
    /// What the last ``getDeals(filter:)`` answered from.
    public private(set) var state = DataState()

    public init(api: any RouteSending, cache: CacheManager, store: any LocalStore) {
        self.api = api
        self.cache = cache
        self.archive = DealArchive(store: store)
    }

    /// The feed for `filter`, cache-first (see the type).
    public func getDeals(filter: DealFeedFilter = DealFeedFilter()) async throws -> [Deal] {
        let key = Self.key(filter)
        // A hit answers with the state it was fetched with (fresh, its own fetchedAt), never the
        // previous call's (an offline banner over fresh deals).
        if let cached: CachedFeed = cache.get(key: key, maxAge: CacheKey.dealsMaxAge) {
            state = DataState(source: .memory, fetchedAt: cached.fetchedAt)
            return cached.deals
        }
        do {
            let page = try await api.send(FareLensRoutes.deals, query: DealFeedQuery(filter: filter, page: PageQuery(limit: Self.pageSize)))
            let now = cache.now()
            cache.set(key: key, value: CachedFeed(deals: page.data, fetchedAt: now))
            state = DataState(source: .network, fetchedAt: now)
            do { try await archive.save(page.data, at: now) } catch { /* the feed is shown; the offline copy is best effort */  }
            return page.data
        } catch let error as ClientError where error.isTransient {
            // Filtered first, then the 50 newest: a filter finds its deals among the whole archive.
            // An archive holding none that match answers `[]`, stale (the banner says why it is empty).
            let saved = try await archive.newest(at: cache.now()) { Self.matches($0, filter) }
            guard let savedAt = saved.savedAt else { throw error }
            state = DataState(source: .offline, fetchedAt: savedAt, isStale: true, failure: error)
            return saved.deals
        }
    }

    /// One cached answer with when it was fetched.
    struct CachedFeed: Sendable {
        var deals: [Deal]
        var fetchedAt: Date
    }

    /// `"deals"` for the whole feed, `"deals?<query>"` for a filtered one.
    static func key(_ filter: DealFeedFilter) -> String {
        let query = filter.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return query.isEmpty ? CacheKey.deals : "\(CacheKey.deals)?\(query)"
    }

    /// Whether an archived deal passes `filter` (codes compared as given: a metro code offline
    /// matches only deals stored under it).
    static func matches(_ deal: Deal, _ filter: DealFeedFilter) -> Bool {
        (filter.origin.map { $0 == deal.origin } ?? true) && (filter.destination.map { $0 == deal.destination } ?? true)
            && (filter.airlines.isEmpty || filter.airlines.contains(deal.airline)) && (filter.maxPriceCents.map { deal.priceCents <= $0 } ?? true)
    }
}
