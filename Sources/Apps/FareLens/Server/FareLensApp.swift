import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Jobs
import Logging
import Notifications
import Observability
import Persistence
import PlatformCore

/// FareLens as a tenant of the platform: flight deals for each user under `/farelens` (the documented
/// `/v2/shopping/…` path) and `/farelens/v1`, another user's objects indistinguishable from missing
/// ones. Its access tokens last 1 hour, refresh tokens 7 days (docs/farelens.md, "API").
public struct FareLensApp: AppModule {
    public static let id = AppID.farelens
    public static var apiRoot: APIRoot { FareLensRoutes.root }
    public static var routes: [RouteShape] { FareLensRoutes.all }
    public static let migrations = [FareLensSchema.migrations]
    public static var settingKeys: [SettingKey] {
        FlightProviderConfiguration.keys + FlightSearchSettings.keys + AffiliateLinkSettings.keys + TravelpayoutsWebhookSettings.keys + AppStoreSettings.keys
            + TransferBonusSettings.keys
    }
    /// Access 1 hour, refresh 7 days (docs/farelens.md, "API").
    public static var tokenLifetimes: TokenLifetimes? { TokenLifetimes(access: 3600, refresh: 7 * 86_400) }
    public static func configuration(from settings: Settings) throws -> FareLensConfiguration { try FareLensConfiguration(settings: settings) }
    public static var deliveryRules: DeliveryRules { FareLensAlertService.deliveryRules }

    /// The platform's routes plus `OpenAPI/farelens.openapi.json` and one fragment per part.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        let parts: [(name: String, json: [UInt8])] = [
            ("farelens-airports.openapi.json", PackageResources.farelens_airports_openapi_json),
            ("farelens-prices.openapi.json", PackageResources.farelens_prices_openapi_json),
            ("farelens-watchlists.openapi.json", PackageResources.farelens_watchlists_openapi_json),
            ("farelens-deals.openapi.json", PackageResources.farelens_deals_openapi_json),
            ("farelens-points.openapi.json", PackageResources.farelens_points_openapi_json),
            ("farelens-affiliate.openapi.json", PackageResources.farelens_affiliate_openapi_json),
            ("farelens-checks.openapi.json", PackageResources.farelens_checks_openapi_json),
            ("farelens-alerts.openapi.json", PackageResources.farelens_alerts_openapi_json),
        ]
        // The search fragment's paths are under the prefix (it holds the /v2 route), so it is added last.
        return try parts.reduce(
            OpenAPIDocument(
                app: id.rawValue, apiRoot: apiRoot.path, otherAPIRoots: [FareLensRoutes.v2.path], title: "FareLens API", version: "1.0.0",
                fragment: String(decoding: PackageResources.farelens_openapi_json, as: UTF8.self))
        ) { document, part in try document.adding(String(decoding: part.json, as: UTF8.self), app: id.rawValue, name: part.name) }
        .adding(String(decoding: PackageResources.farelens_search_openapi_json, as: UTF8.self), app: id.rawValue, name: "farelens-search.openapi.json", under: "")
        .adding(String(decoding: PackageResources.farelens_subscriptions_openapi_json, as: UTF8.self), app: id.rawValue, name: "farelens-subscriptions.openapi.json", under: "")
    }

    public let accounts: FareLensAccountRepository
    /// Flight search: cache, quota, providers (Search/, Quota/); every provider answer goes through
    /// the prices part's observer (history, DealScore, deals).
    public let search: FlightSearchService
    let searchLimiter: RateLimiter
    /// The platform's limiters (shared across instances on PostgreSQL), for the telemetry cap too.
    let rateLimits: RateLimiters
    /// The caller's booking links on every searched offer (Links/).
    let searchLinks: SearchBookingLinks
    /// Observed fares (Prices/); swept by `priceHistory.sweep()`.
    public let priceHistory: PriceHistoryRepository
    public let routeSearches: RouteSearchCounter
    /// Watchlists and preferred airports (Watchlists/).
    public let watchlists: WatchlistRepository
    public let preferences: PreferencesRepository
    /// Deals and saved deals (Deals/).
    public let deals: DealRepository
    public let savedDeals: SavedDealRepository
    /// Where every observed deal is recorded: ``deals``, with exceptional ones also alerted (Alerts/).
    public let dealRecording: any DealRecording
    /// What the deals part reads of the others: the watchlists' ranking inputs and the price history
    /// (tests may swap in fakes).
    public let dealSources: DealSources
    /// Points vaults (Points/) and anonymous telemetry (Telemetry/).
    public let pointsPrograms: PointsProgramRepository
    public let telemetry: TelemetryRepository
    /// Link impressions, clicks, commissions and booking surveys (Affiliate/).
    public let affiliate: AffiliateRepository
    let affiliateController: AffiliateController
    let travelpayoutsWebhook: TravelpayoutsWebhookController
    /// App Store subscriptions: verified transactions and notifications set tiers (Subscriptions/).
    public let subscriptions: SubscriptionService
    /// Watchlist checks, asked for and scheduled at local times (Checks/).
    public let checks: WatchlistChecks
    /// Alerts: history, threshold and mutes, and the service the scheduled checks hand results to (Alerts/).
    public let alerts: FareLensAlerts
    let clock: any TimeSource
    /// The server secret list cursors are signed with.
    let cursorSecret: Data
    /// Whether `POST /dev/tier` answers (development servers).
    let isDevelopment: Bool

    public init(
        database: any Database, clock: any TimeSource, cursorSecret: Data = Data("farelens".utf8), isDevelopment: Bool = false,
        configuration: FareLensConfiguration = FareLensConfiguration(), metrics: MetricsRegistry = MetricsRegistry(), logger: Logger = Logger(label: "farelens"),
        admins: AdminAllowList = AdminAllowList(), notifications: NotificationEngine? = nil, rateLimits: RateLimiters? = nil
    ) {
        accounts = FareLensAccountRepository(database: database, clock: clock)
        priceHistory = PriceHistoryRepository(database: database, clock: clock)
        routeSearches = RouteSearchCounter(database: database, clock: clock)
        watchlists = WatchlistRepository(database: database, clock: clock)
        preferences = PreferencesRepository(database: database, clock: clock)
        deals = DealRepository(database: database, clock: clock)
        savedDeals = SavedDealRepository(database: database, clock: clock)
        pointsPrograms = PointsProgramRepository(database: database, clock: clock, catalog: configuration.bonuses.catalog)
        telemetry = TelemetryRepository(database: database, clock: clock)
        dealSources = DealSources(
            ranking: WatchlistRankingInputs(watchlists: watchlists, preferences: preferences), prices: PriceHistorySummaries(history: priceHistory))
        alerts = FareLensAlerts(
            database: database, clock: clock, engine: notifications, accounts: accounts, watchlists: watchlists, sources: dealSources, logger: logger)
        dealRecording = alerts.exceptional.recording(to: deals)
        let observer = PriceObserver.make(history: priceHistory, searches: routeSearches, watchers: watchlists, deals: dealRecording, clock: clock)
        search = FlightSearchService(
            cache: FlightSearchCache(database: database, clock: clock),
            quota: QuotaLedger(database: database, clock: clock, policies: FlightProviderChain.policies(configuration.search), metrics: metrics, logger: logger),
            providers: FlightProviderChain.providers(configuration.flightProviders, settings: configuration.search, clock: clock), observer: observer,
            clock: clock, logger: logger)
        // Scheduled checks hand each user's results to the alerts.
        checks = WatchlistChecks(database: database, search: search, accounts: accounts, watchlists: watchlists, clock: clock, logger: logger)
            .with(alerting: alerts.service)
        searchLinks = SearchBookingLinks(composer: configuration.affiliate.composer, accounts: accounts, watchlists: watchlists)
        affiliate = AffiliateRepository(database: database, clock: clock)
        affiliateController = AffiliateController(
            deals: deals, affiliate: affiliate, accounts: accounts, watchlists: watchlists, composer: configuration.affiliate.composer, admins: admins)
        travelpayoutsWebhook = TravelpayoutsWebhookController(
            signature: configuration.travelpayoutsWebhook.secret.map(TravelpayoutsSignature.init(secret:)), affiliate: affiliate)
        self.rateLimits = rateLimits ?? RateLimiters(clock: clock)
        searchLimiter = self.rateLimits.limiter(.farelens, "search", capacity: configuration.search.searchesPerMinutePerUser, per: 60)
        subscriptions = SubscriptionService(
            settings: configuration.appStore, isDevelopment: isDevelopment, subscriptions: SubscriptionRepository(database: database, clock: clock), accounts: accounts,
            clock: clock, logger: logger)
        self.clock = clock
        self.cursorSecret = cursorSecret
        self.isDevelopment = isDevelopment
    }

    public init(platform: PlatformServices, configuration: FareLensConfiguration) throws {
        self.init(
            database: platform.database, clock: platform.clock, cursorSecret: platform.serverSecret, isDevelopment: platform.isDevelopment,
            configuration: configuration, metrics: platform.metrics, logger: platform.logger, admins: platform.admins, notifications: platform.notifications,
            rateLimits: platform.rateLimits)
    }

    public func addRoutes(to routes: AppRoutes) {
        let api = routes.api(FareLensRoutes.root)
        // Accounts and tiers.
        FareLensAccountController(accounts: accounts, allowsDevTier: isDevelopment).addRoutes(to: api)
        // Airports: autocomplete over the shipped table (Airports/), read on the first request.
        AirportsController().addRoutes(to: api)
        // Flight search (the documented /v2 path) and the quota behind it (Search/, Quota/).
        FlightSearchController(service: search, links: searchLinks, limiter: searchLimiter, clock: clock).addRoutes(v1: api, v2: routes.api(FareLensRoutes.v2))
        // Observed fares per route and date, for charts (Prices/).
        PriceHistoryController(history: priceHistory, clock: clock).addRoutes(to: api)
        // Watchlists and preferred airports (Watchlists/), within the tier's limits.
        WatchlistsController(watchlists: watchlists, cursorSecret: cursorSecret).addRoutes(to: api)
        PreferencesController(preferences: preferences, accounts: accounts).addRoutes(to: api)
        // Deals: the smart-queue feed, details and saved deals (Deals/).
        DealsController(deals: deals, sources: dealSources, cursorSecret: cursorSecret, clock: clock).addRoutes(to: api)
        SavedDealsController(deals: deals, saved: savedDeals, cursorSecret: cursorSecret).addRoutes(to: api)
        // Points vault and transfer bonuses, config and flags, anonymous telemetry (Points/, Telemetry/).
        PointsController(programs: pointsPrograms, clock: clock, cursorSecret: cursorSecret).addRoutes(to: api)
        ConfigController().addRoutes(to: api)
        TelemetryController(telemetry: telemetry, limiters: rateLimits).addRoutes(to: api)
        // Booking links per deal, clicks, surveys, the report and the commission webhook (Affiliate/).
        affiliateController.addRoutes(to: api)
        travelpayoutsWebhook.addRoutes(to: routes.open(FareLensRoutes.openRoot))
        // App Store subscriptions: StoreKit 2 transactions and the open notifications webhook (Subscriptions/).
        SubscriptionsController(service: subscriptions).addRoutes(to: api, open: routes.open(FareLensRoutes.openRoot))
        WatchlistCheckController(checks: checks).addRoutes(to: api)
        AlertsController(history: alerts.history, settings: alerts.settings, cursorSecret: cursorSecret).addRoutes(to: api)
    }

    /// The background refresh of popular routes (Deals/DealRefresher), every 6 hours and at a
    /// server's start, so a fresh server has a feed at once; the sweeps of expired deals (hourly) and
    /// of observations past their retention (daily).
    public func registerJobs(on scheduler: JobScheduler) {
        let refresher = DealRefresher(search: search, clock: clock)
        let deals = deals
        let priceHistory = priceHistory
        scheduler.recurring(RecurringJob(name: "farelens-deals-refresh", kind: Self.refreshJobKind, schedule: .every(seconds: 6 * 3600), runsAtStart: true)) {
            await refresher.refresh()
        }
        scheduler.recurring(RecurringJob(name: "farelens-deals-sweep", kind: Self.sweepJobKind, schedule: .every(seconds: 3600))) {
            _ = try await deals.purgeExpired()
        }
        scheduler.recurring(RecurringJob(name: "farelens-history-sweep", kind: Self.historySweepJobKind, schedule: .daily(hour: 3, minute: 10))) {
            _ = try await priceHistory.sweep()
        }
        telemetry.registerJobs(on: scheduler)
        subscriptions.registerJobs(on: scheduler)
        ScheduledWatchlistChecks(checks).registerJobs(on: scheduler)
        alerts.registerJobs(on: scheduler)
    }

    static let refreshJobKind = "farelens.deals_refresh"
    static let sweepJobKind = "farelens.deals_sweep"
    static let historySweepJobKind = "farelens.history_sweep"

    public var exporter: any AppDataExporter {
        FareLensExporter(accounts: accounts, watchlists: watchlists, preferences: preferences, savedDeals: savedDeals, pointsPrograms: pointsPrograms)
    }
}
