import Foundation
import Observation

/// The deal feed screen (docs/farelens.md, "SDK and CLI"): the deals under ``filter``, loading and error state, pull to
/// refresh, saving, and the stale banner when the feed is the offline copy. Reports `appLaunched`,
/// `dealsLoaded`, `dealLoadFailed` and `dealSaved`.
@MainActor
@Observable
public final class DealFeedViewModel {
    public private(set) var deals: [Deal] = []
    public private(set) var isLoading = false
    public private(set) var error: AppError?
    /// The SDK's error behind ``error`` when the feed failed to load, for a precise message (the
    /// fields of a 422, "not found", "signed out"); nil otherwise.
    public private(set) var failure: ClientError?
    public private(set) var filter: DealFilter = .default
    /// The deals saved from this screen.
    public private(set) var savedDealIDs: Set<DealID> = []
    /// Where the shown feed came from.
    public private(set) var dataState = DataState()
    @ObservationIgnored private var generation = 0

    let dealService: any DealServiceProtocol
    let analyticsService: any AnalyticsService
    let now: @Sendable () -> Date

    public init(dealService: any DealServiceProtocol, analyticsService: any AnalyticsService = RecordingAnalytics(), now: @escaping @Sendable () -> Date = Date.init) {
        self.dealService = dealService
        self.analyticsService = analyticsService
        self.now = now
    }

    /// The feed is the offline copy (or the server said its prices are old).
    public var isStale: Bool { dataState.isStale }

    /// "Offline — showing deals from 2 h 5 min ago" while ``isStale``; nil otherwise.
    public var staleBanner: String? {
        guard isStale else { return nil }
        guard let fetchedAt = dataState.fetchedAt else { return "Offline — prices may be out of date" }
        return "Offline — showing deals from \(DurationText.short(now().timeIntervalSince(fetchedAt))) ago"
    }

    /// The app came to the front: reports `appLaunched`, then loads the feed from the server.
    public func onLaunch() async {
        await analyticsService.track(.appLaunched)
        await load(refreshing: true)
    }

    /// Loads the feed under ``filter`` (cache-first).
    public func loadDeals() async { await load(refreshing: false) }

    /// Pull to refresh: the feed from the server, not the cache.
    public func refresh() async { await load(refreshing: true) }

    /// Sets the filter and reloads.
    public func applyFilter(_ newFilter: DealFilter) async {
        // Another filter's deals never show under this one, even when its load fails.
        if newFilter != filter { deals = [] }
        filter = newFilter
        await loadDeals()
    }

    /// Saves `deal`; a failure shows ``AppError/saveFailed``.
    public func saveDeal(_ deal: Deal) async {
        do {
            try await dealService.saveDeal(deal)
            savedDealIDs.insert(deal.id)
            await analyticsService.track(.dealSaved(dealId: deal.id.description))
        } catch {
            self.error = .saveFailed
        }
    }

    /// Forgets a saved deal; a failure shows ``AppError/saveFailed``.
    public func unsaveDeal(_ deal: Deal) async {
        do {
            try await dealService.unsaveDeal(deal.id)
            savedDealIDs.remove(deal.id)
        } catch {
            self.error = .saveFailed
        }
    }

    /// Loads the feed; when loads overlap (a filter applied while another loads) the last one started
    /// wins: a load that was overtaken changes nothing, not even after its last `await`. Loading
    /// ends before the analytics event is reported, so a slow analytics service never holds the
    /// spinner.
    private func load(refreshing: Bool) async {
        generation += 1
        let mine = generation
        isLoading = true
        error = nil
        failure = nil
        let filter = filter
        let event: AnalyticsEvent
        do {
            let loaded = refreshing ? try await dealService.refreshDeals(filter: filter) : try await dealService.fetchDeals(filter: filter)
            let state = await dealService.feedState()
            guard mine == generation else { return }
            deals = loaded
            dataState = state
            event = .dealsLoaded(count: loaded.count, filter: filter.description)
        } catch {
            let state = await dealService.feedState()
            guard mine == generation else { return }
            let appError = AppError(error)
            self.error = appError
            failure = error as? ClientError
            dataState = state
            event = .dealLoadFailed(error: String(describing: appError))
        }
        isLoading = false
        await analyticsService.track(event)
    }
}
