import FareLensAPI
import Foundation
import Logging
import Persistence
import PlatformAPI
import PlatformCore

/// The watchlist checks (Checks/), asked for (`GET /watchlist/check`, answered from a check of the
/// last ``cacheLifetime``) and scheduled (``ScheduledWatchlistChecks``), over one grouping
/// ``WatchlistChecker``. Results of scheduled runs go to ``alerting`` (the alerts part's; by
/// default ``NoWatchlistAlerts``).
public struct WatchlistChecks: Sendable {
    /// How long a check answers for a watchlist: 30 minutes (the choice; docs/farelens.md, "Watchlist checks").
    public static let cacheLifetime: TimeInterval = 30 * 60

    let checker: WatchlistChecker
    let accounts: FareLensAccountRepository
    let watchlists: WatchlistRepository
    public let alerting: any WatchlistAlerting
    let clock: any TimeSource
    let logger: Logger

    public init(
        database: any Database, search: any FlightSearching, accounts: FareLensAccountRepository, watchlists: WatchlistRepository,
        alerting: any WatchlistAlerting = NoWatchlistAlerts(), clock: any TimeSource, logger: Logger = Logger(label: "farelens.checks")
    ) {
        checker = WatchlistChecker(search: search, store: WatchlistCheckStore(database: database), catalog: watchlists.catalog, clock: clock)
        self.accounts = accounts
        self.watchlists = watchlists
        self.alerting = alerting
        self.clock = clock
        self.logger = logger
    }

    /// The same checks with scheduled results going to `alerting`, or searching through `search`
    /// (the alerts part's wiring; tests counting provider calls).
    public func with(alerting: (any WatchlistAlerting)? = nil, search: (any FlightSearching)? = nil) -> WatchlistChecks {
        var copy = self
        if let alerting { copy = WatchlistChecks(copy, alerting: alerting) }
        if let search { copy = WatchlistChecks(copy, checker: WatchlistChecker(search: search, store: checker.store, catalog: checker.catalog, clock: clock)) }
        return copy
    }

    private init(_ other: WatchlistChecks, alerting: (any WatchlistAlerting)? = nil, checker: WatchlistChecker? = nil) {
        self.checker = checker ?? other.checker
        self.accounts = other.accounts
        self.watchlists = other.watchlists
        self.alerting = alerting ?? other.alerting
        self.clock = other.clock
        self.logger = other.logger
    }

    /// `GET /watchlist/check`: per id, in the order asked, the caller's watchlist's check (from its
    /// last check when younger than ``cacheLifetime``, else a fresh one, paused watchlists too) or
    /// not found (unknown or another user's alike).
    public func check(_ ids: [WatchlistID], for user: UserID) async throws -> [WatchlistCheck] {
        var own: [Watchlist] = []
        for id in ids {
            if let watchlist = try await watchlists.find(id, for: user) { own.append(watchlist) }
        }
        let now = clock.now()
        var answers = try await checker.store.lastChecks(own.map(\.id)).filter { _, check in
            check.checkedAt.map { now.timeIntervalSince($0) < Self.cacheLifetime && $0 <= now } ?? false
        }
        let stale = own.filter { answers[$0.id] == nil }
        if !stale.isEmpty {
            let tier = try await accounts.account(for: user).tier
            for result in try await checker.check(stale.map { WatchedList(watchlist: $0, user: user, tier: tier) }).results {
                answers[WatchlistID(result.watchlistID)] = WatchlistCheck(result)
            }
        }
        // A watchlist none of whose searches answered is reported with no price rather than left out.
        return ids.map { id in
            if let answer = answers[id] { return answer }
            guard let watchlist = own.first(where: { $0.id == id }) else { return .notFound(id.description) }
            return WatchlistCheck(id: id.description, found: true, currency: watchlist.currency, checkedAt: nil, matchingDeals: [])
        }
    }
}
