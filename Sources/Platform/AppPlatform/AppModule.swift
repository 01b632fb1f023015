import AIProviders
import Auth
import Foundation
import Hummingbird
import Jobs
import Logging
import MediaStorage
import Notifications
import Observability
import Persistence
import PlatformAPI
import PlatformCore
import Synchronization

/// One app hosted by the server. The composition root (`AppServer`) knows apps only through this
/// protocol and a list of conforming types, so adding an app is a new module plus one line in that
/// list: everything the server needs from an app — its settings, schema, routes, models, jobs,
/// notification rules, export and deletion hooks, universal-link entries, OpenAPI document — is
/// declared here. (The APNs topic is not: it is the iOS app's bundle ID, a deployment value, read
/// by the platform from `<APP>_APNS_TOPIC` in the app's configuration scope.)
public protocol AppModule: Sendable {
    /// What the app reads from its configuration scope, parsed and validated.
    associatedtype Configuration: Sendable

    /// The app's identifier: its path prefix, token audience and the `app` column of platform rows.
    static var id: AppID { get }
    /// The keys the app reads (relative to its scope `<APP>_…`), for `--help` and docs/configuration.md.
    static var settingKeys: [SettingKey] { get }
    /// Parses the app's settings; invalid values throw ``ConfigurationInvalid`` before the server starts.
    static func configuration(from settings: Settings) throws -> Configuration
    /// The app's schema, applied after the platform's.
    static var migrations: [MigrationSet] { get }
    /// Rule-based models for the app's AI purposes, used when no provider chain is configured.
    static var offlineModels: [String: any LanguageModel] { get }
    /// Every AI purpose the app calls (so `AI_CHAIN_<PURPOSE>` keys are read and documented).
    static var aiPurposes: [String] { get }
    /// Caps, dedupe and quiet-hours rules for the app's notifications.
    static var deliveryRules: DeliveryRules { get }
    /// The app's OpenAPI 3.1 document: the platform's routes plus the app's own fragment
    /// (``OpenAPIDocument/init(app:apiRoot:title:version:description:fragment:)``); served at
    /// `GET /<app>/openapi.json` with the routes of platform features the app opted into added
    /// (``servedOpenAPIDocument()``).
    /// No default: every route an app registers must be documented (the coverage test and the fuzzing gate check it).
    static func openAPIDocument() throws -> OpenAPIDocument
    /// Whether the platform mounts email + password accounts for the app (docs/platform/auth.md:
    /// `POST /<app>/api/v1/auth/register|login|refresh`, unauthenticated) and documents them in
    /// the served document (``servedOpenAPIDocument()``). Off by default: an app opts in.
    static var passwordAccounts: Bool { get }
    /// How long the app's access and refresh tokens live when its configuration scope does not say
    /// (`<APP>_ACCESS_TOKEN_TTL_SECONDS`, `<APP>_REFRESH_TOKEN_TTL_SECONDS`); nil: the platform's.
    static var tokenLifetimes: TokenLifetimes? { get }

    /// Builds the app from the platform's shared services and its own configuration.
    init(platform: PlatformServices, configuration: Configuration) throws

    /// Where the platform's account routes (device token, preferences, export, deletion, password
    /// accounts) live for this app: its main authenticated root, `/<app>/api/v1` unless the app
    /// declares another (docs/platform/http.md, "API roots").
    static var apiRoot: APIRoot { get }

    /// The app's own routes as its contract declares them (the platform's are
    /// ``PlatformRoutes/all(passwordAccounts:)``): the route-table test checks that the server
    /// registers exactly these and the served document lists exactly these.
    static var routes: [RouteShape] { get }

    /// Adds the app's routes, each through its contract's ``Route`` on the group of the route's
    /// root (``AppRoutes/api(_:)``, ``AppRoutes/open(_:)``).
    func addRoutes(to routes: AppRoutes)
    /// Registers job handlers and recurring jobs.
    func registerJobs(on scheduler: JobScheduler)
    /// What the app stores vectors for (re-embedded by the platform's backfill).
    var embeddingSources: [any EmbeddingSource] { get }
    /// The app's rows in a user's data export.
    var exporter: any AppDataExporter { get }
    /// Entries for the domain's apple-app-site-association file (empty: none).
    var appSiteAssociation: AppSiteAssociation { get }
    /// Runs after a user saved notification preferences (e.g. a new time zone moves reminders).
    func preferencesChanged(for user: UserID) async
    /// Runs before a user's account and rows are deleted; if it throws, nothing is deleted.
    func accountWillBeDeleted(_ user: UserID) async throws
    /// Runs after a user's account and rows are deleted (e.g. to remove the stored files of the
    /// rows that went): no write of the account can land any more, so what is left is what to
    /// remove. It cannot fail the deletion; what it could not do is for the app's own sweeps.
    func accountDeleted(_ user: UserID) async
}

extension AppModule {
    public static var apiRoot: APIRoot { .api(id) }
    public static var passwordAccounts: Bool { false }
    public static var tokenLifetimes: TokenLifetimes? { nil }
    public static var offlineModels: [String: any LanguageModel] { [:] }
    public static var aiPurposes: [String] { [] }
    public static var deliveryRules: DeliveryRules { DeliveryRules() }
    public var embeddingSources: [any EmbeddingSource] { [] }
    public var appSiteAssociation: AppSiteAssociation { AppSiteAssociation() }
    public func registerJobs(on scheduler: JobScheduler) {}
    public func preferencesChanged(for user: UserID) async {}
    public func accountWillBeDeleted(_ user: UserID) async throws {}
    public func accountDeleted(_ user: UserID) async {}
}

extension AppModule {
    /// The document served at `GET /<app>/openapi.json`: ``openAPIDocument()`` plus the platform
    /// routes the app opted into (``passwordAccounts``), so the platform documents what it mounts.
    /// Composed once per process and app: the inputs are constants, and composing (parsing the
    /// fragments, serializing with sorted keys, which compares keys through ICU on Linux) is slow;
    /// the test suites build hundreds of servers at once, and stack snapshots of a stalled run
    /// found the cooperative threads composing.
    public static func servedOpenAPIDocument() throws -> OpenAPIDocument {
        if let cached = ServedOpenAPIDocuments.cache.withLock({ $0[ObjectIdentifier(Self.self)] }) { return cached }
        var document = try openAPIDocument()
        guard document.apiRoot == apiRoot.path else {
            throw OpenAPIDocument.Invalid("\(id)'s document is composed for the API root \(document.apiRoot), but the app declares \(apiRoot.path)")
        }
        // Every authenticated root the routes use takes Idempotency-Key (the middleware is on each), so the document must know them.
        let authenticatedRoots = Set(routes.filter(\.root.authenticated).map(\.root.path)).subtracting([apiRoot.path])
        guard authenticatedRoots == Set(document.otherAPIRoots) else {
            throw OpenAPIDocument.Invalid(
                "\(id)'s routes use the authenticated roots \(authenticatedRoots.sorted()) besides \(apiRoot.path), but its document is composed for \(document.otherAPIRoots.sorted())"
            )
        }
        if passwordAccounts {
            document = try document.adding(PlatformOpenAPI.passwordAccountsFragment, app: id.rawValue, name: "password accounts fragment")
        }
        // What the routes state (path parameters, typed queries, statuses) is generated from the contract, the platform's routes' and the app's.
        document = try document.addingRouteParts(of: PlatformRoutes(root: apiRoot).all(passwordAccounts: passwordAccounts) + routes)
        ServedOpenAPIDocuments.cache.withLock { $0[ObjectIdentifier(Self.self)] = document }
        return document
    }
}

/// The served OpenAPI documents composed so far, by app type (see
/// ``AppModule/servedOpenAPIDocument()``). A failed composition is not kept: it fails again.
enum ServedOpenAPIDocuments {
    static let cache = Mutex<[ObjectIdentifier: OpenAPIDocument]>([:])
}
