import Foundation

/// The seed's `DealRepository`, cache-first: the memory cache (300 s, under `"deals"` for the
/// unfiltered feed), else the server (`GET /deals`), saved to the cache and the offline archive;
/// when the server cannot be reached (offline, timeout, 5xx, 429 after the retries) the archive's
/// 50 newest deals of the last 7 days, marked stale in ``state``. Other failures (signed out, 422)
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
        if let cached: [Deal] = cache.get(key: key, maxAge: CacheKey.dealsMaxAge) {
            state.source = .memory
            return cached
        }
        do {
            let page = try await api.send(FareLensRoutes.deals, query: filter.queryItems + [URLQueryItem(name: "limit", value: String(Self.pageSize))])
            let now = cache.now()
            cache.set(key: key, value: page.data)
            state = DataState(source: .network, fetchedAt: now)
            do { try await archive.save(page.data, at: now) } catch { /* the feed is shown; the offline copy is best effort */  }
            return page.data
        } catch let error as ClientError where error.isTransient {
            let saved = try await archive.newest(at: cache.now())
            guard !saved.deals.isEmpty else { throw error }
            state = DataState(source: .offline, fetchedAt: saved.savedAt, isStale: true, failure: error)
            return saved.deals.filter { Self.matches($0, filter) }
        }
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
