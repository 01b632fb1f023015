import FareLensAPI
import Foundation
import Hummingbird
import Logging
import PlatformAPI
import PlatformCore
import Synchronization

/// A search through the cache, the quota and the providers (``FlightSearching``): a fresh cached
/// answer (`source: cache`); else the first live provider whose quota lets the purpose spend and
/// that answers, or the offline model when no live one is configured; its answer goes through the
/// observer (DealScores, history) and into the cache; when every live provider is out, the cached
/// answer however old with `stale: true` and the banner text; with nothing cached,
/// ``FlightSearchUnavailable``. Identical searches arriving while one is on its way share it (one
/// provider call, the first caller's purpose spending the quota): in one process through a shared
/// task, across the instances on one database through ``FlightSearchClaims`` (the instance holding
/// the claim calls the provider, the others poll the shared cache until its answer is there, the
/// claim is gone or it expired).
public final class FlightSearchService: FlightSearching {
    /// A failed provider is tried again by a retry after this long.
    static let failureRetryAfter = 60

    /// How often a search waiting on another instance's claim looks at the cache again.
    static let claimPoll: Duration = .milliseconds(75)

    let cache: FlightSearchCache
    let claims: FlightSearchClaims
    let quota: QuotaLedger
    let providers: [any FlightOfferProviding]
    let observer: any FlightSearchObserving
    let clock: any TimeSource
    let logger: Logger
    private let inFlight = Mutex<[String: Task<FlightOffersResponse, any Error>]>([:])

    public init(
        cache: FlightSearchCache, quota: QuotaLedger, providers: [any FlightOfferProviding], observer: any FlightSearchObserving = PassThroughSearchObserver(),
        clock: any TimeSource, claims: FlightSearchClaims? = nil, logger: Logger = Logger(label: "farelens.search")
    ) {
        self.cache = cache
        self.claims = claims ?? FlightSearchClaims(database: cache.database, clock: clock)
        self.quota = quota
        self.providers = providers
        self.observer = observer
        self.clock = clock
        self.logger = logger
    }

    /// Whether any provider is a live one (spending quota), not the offline model.
    public var hasLiveProviders: Bool { providers.contains { $0.source != .offline } }

    public func search(_ query: FlightSearchQuery, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
        let key = FlightSearchKey(query).text
        let cached = try await cache.entry(key)
        if let cached, cached.expiresAt > clock.now() { return Self.cached(cached) }
        // Coalesced per query and priority class: a user's search never waits on background work the
        // quota refuses (it may spend where the background may not).
        let flight = key + "|" + Self.priorityClass(purpose)
        let (task, isNew) = inFlight.withLock { tasks -> (Task<FlightOffersResponse, any Error>, Bool) in
            if let running = tasks[flight] { return (running, false) }
            let task = Task { try await self.fetchOnce(query, key: key, flight: flight, purpose: purpose) }
            tasks[flight] = task
            return (task, true)
        }
        if isNew {
            // Removed once done, whoever awaits it; the task itself is not cancelled with a caller.
            Task {
                _ = await task.result
                self.inFlight.withLock { tasks in
                    if tasks[flight] == task { tasks[flight] = nil }
                }
            }
        }
        return try await task.value
    }

    /// A fresh cache entry as a search answers it.
    static func cached(_ entry: FlightSearchCache.Entry) -> FlightOffersResponse {
        var response = entry.response
        response.meta = FlightSearchMeta(
            count: response.data.count, links: response.meta?.links, source: .cache, cachedAt: entry.cachedAt, stale: false, quota: response.meta?.quota)
        return response
    }

    /// The quota class a purpose spends in (``QuotaPolicy``'s order): searches of one class share a call.
    static func priorityClass(_ purpose: FlightSearchPurpose) -> String {
        switch purpose {
        case .userSearch: "user"
        case .watchlist(let tier): "watchlist-" + tier.rawValue
        case .background: "background"
        }
    }

    /// ``fetch(_:key:purpose:)`` by one instance of those sharing the database: under this
    /// instance's claim on `flight`, or, while another instance holds a live one, the cache entry
    /// it stores. The wait ends when the entry is fresh, when the claim is gone (its fetch failed:
    /// this one claims and fetches at once) or expired, and in any case after the claim's lifetime
    /// of real time (a clock that does not move cannot hold a search); then this instance fetches.
    /// The offline model alone costs nothing and is not claimed.
    func fetchOnce(_ query: FlightSearchQuery, key: String, flight: String, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
        guard hasLiveProviders else { return try await fetch(query, key: key, purpose: purpose) }
        let giveUp = ContinuousClock.now + .seconds(claims.lifetime)
        repeat {
            if try await claims.claim(flight) {
                let answer: Result<FlightOffersResponse, any Error>
                do { answer = .success(try await fetch(query, key: key, purpose: purpose)) } catch { answer = .failure(error) }
                do { try await claims.release(flight) } catch { logger.warning("FareLens search: releasing a search claim failed (it expires): \(error)") }
                return try answer.get()
            }
            if let fresh = try await cache.entry(key), fresh.expiresAt > clock.now() { return Self.cached(fresh) }
            try await Task.sleep(for: Self.claimPoll)
        } while ContinuousClock.now < giveUp
        return try await fetch(query, key: key, purpose: purpose)
    }

    func fetch(_ query: FlightSearchQuery, key: String, purpose: FlightSearchPurpose) async throws -> FlightOffersResponse {
        // A search that missed the cache just as an identical one finished finds its answer here.
        if let fresh = try await cache.entry(key), fresh.expiresAt > clock.now() { return Self.cached(fresh) }
        let now = clock.now()
        let today = LocalDate(now, in: .utc)
        var retryAfter: Int?
        for provider in providers {
            let spent: QuotaLedger.Spent?
            switch try await quota.spend(provider.source, for: purpose) {
            case .failure(let refusal):
                let wait = Int(refusal.resetsAt.timeIntervalSince(now).rounded(.up))
                retryAfter = min(retryAfter ?? wait, wait)
                continue
            case .success(let done): spent = done
            }
            let answer: FlightOffersResponse
            do {
                answer = try await provider.offers(for: query, today: today)
            } catch {
                logger.warning("FareLens search: \(provider.source.rawValue) failed: \(error)")
                retryAfter = min(retryAfter ?? Self.failureRetryAfter, Self.failureRetryAfter)
                continue
            }
            return try await finish(answer, provider: provider.source, spent: spent, query: query, key: key, purpose: purpose, at: now)
        }
        if let stale = try await cache.entry(key) {
            var response = stale.response
            response.meta = FlightSearchMeta(
                count: response.data.count, links: response.meta?.links, source: .cache, cachedAt: stale.cachedAt, stale: true, quota: response.meta?.quota,
                notice: FlightSearchRules.liveUnavailableNotice)
            return response
        }
        throw FlightSearchUnavailable(retryAfter: retryAfter ?? Self.failureRetryAfter)
    }

    func finish(
        _ answer: FlightOffersResponse, provider: FlightOfferSource, spent: QuotaLedger.Spent?, query: FlightSearchQuery, key: String, purpose: FlightSearchPurpose,
        at now: Date
    ) async throws -> FlightOffersResponse {
        var response = answer
        response.meta = FlightSearchMeta(
            count: answer.data.count, links: answer.meta?.links, source: provider, cachedAt: now, stale: false,
            quota: spent.map { FlightSearchQuota(provider: provider.rawValue, used: $0.used, limit: $0.limit) })
        do {
            response = try await observer.observe(response, for: query, purpose: purpose)
        } catch {
            // The prices part's failure costs the offers their scores, never the search.
            logger.error("FareLens search: the search observer failed: \(error)")
        }
        do {
            try await cache.store(response, source: provider, for: key, at: now)
        } catch {
            logger.error("FareLens search: caching failed: \(error)")
        }
        return response
    }
}
