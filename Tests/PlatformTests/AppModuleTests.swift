import AppPlatform
import AppServer
import Auth
import Foundation
import Hummingbird
import KnotAPI
import Notifications
import Persistence
import PlatformCore
import SQLKit
import TestSupport
import Testing

/// A second app small enough to read on one screen, hosted beside Knot through the same protocol:
/// proof that an app is a module plus one line in a list.
struct MemoApp: AppModule {
    struct Configuration: Sendable {
        var greeting = "hello"
        var appleAppID: String?
    }

    static let id = AppID("memo")
    static let settingKeys = [SettingKey("GREETING", "what GET /memo/hello answers"), SettingKey("APPLE_APP_ID", "the iOS app for universal links")]
    static let migrations = [
        MigrationSet(
            component: "memo",
            migrations: [
                Migration(
                    version: 1, name: "memos",
                    template: ["CREATE TABLE memos (id {uuid} PRIMARY KEY, user_id {uuid} NOT NULL REFERENCES users (id) ON DELETE CASCADE, text TEXT NOT NULL)"])
            ])
    ]
    static let deliveryRules = DeliveryRules(respectQuietHours: false, dailyCap: 1)

    static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, apiRoot: apiRoot.path, title: "Memo API", version: "1.0.0",
            fragment: String(decoding: PackageResources.memo_openapi_json, as: UTF8.self))
    }

    static func configuration(from settings: Settings) throws -> Configuration {
        var configuration = Configuration()
        if let greeting = settings.string(settingKeys[0]) { configuration.greeting = greeting }
        configuration.appleAppID = settings.string(settingKeys[1])
        return configuration
    }

    let database: any Database
    let configuration: Configuration
    /// Users whose deletion hook ran, in order.
    let deletions = LockedValue<[UserID]>([])

    init(platform: PlatformServices, configuration: Configuration) {
        database = platform.database
        self.configuration = configuration
    }

    struct Memo: ResponseCodable {
        var text: String
    }

    /// Memo's contract.
    enum Routes {
        /// The seeds' shape for new apps: `/memo/v1`, not `/memo/api/v1`.
        static let root = APIRoot.api(MemoApp.id, "/v1")
        static let hello = Route<NoParameter, NoBody, String>(.get, .open(MemoApp.id), "/hello")
        static let create = Route<NoParameter, Memo, Memo>(.post, root, "/memos", status: 201)
        /// A streamed answer (text/event-stream): the memo's words, one event each.
        static let stream = Route<NoParameter, Memo, RawBody>(.post, root, "/memos/stream")
        static let list = Route<NoParameter, NoBody, [Memo]>(.get, root, "/memos")
    }

    static var apiRoot: APIRoot { Routes.root }
    static var routes: [RouteShape] { [Routes.hello.shape, Routes.create.shape, Routes.stream.shape, Routes.list.shape] }

    func addRoutes(to routes: AppRoutes) {
        let database = database, greeting = configuration.greeting
        routes.open(.open(Self.id)).on(Routes.hello) { _, _, _ in greeting }
        let api = routes.api(Routes.root)
        api.on(Routes.create) { request, context, _ -> Memo in
            let memo = try await request.decode(as: Memo.self, context: context)
            try await database.transaction { db in
                try await db.raw("INSERT INTO memos (id, user_id, text) VALUES (\(bind: UUID()), \(bind: context.userID.uuid), \(bind: memo.text))").run()
            }
            return memo
        }
        api.on(
            Routes.stream,
            responding: { request, context, _ -> Response in
                let memo = try await request.decode(as: Memo.self, context: context)
                return EventStream.response { sender in
                    for word in memo.text.split(separator: " ") { try await sender.send(ServerSentEvent(event: "word", data: String(word))) }
                }
            })
        api.on(Routes.list) { _, context, _ -> [Memo] in
            try await MemoExporter(database: database).memos(of: context.userID)
        }
    }

    var exporter: any AppDataExporter { MemoExporter(database: database) }

    var appSiteAssociation: AppSiteAssociation {
        AppSiteAssociation(appIDs: configuration.appleAppID.map { [$0] } ?? [], paths: ["/memo/m/*"], webCredentials: false)
    }

    func accountWillBeDeleted(_ user: UserID) async throws {
        deletions.withLock { $0.append(user) }
    }
}

struct MemoExporter: AppDataExporter {
    let database: any Database

    func memos(of user: UserID) async throws -> [MemoApp.Memo] {
        try await database.read { db in
            try await db.raw("SELECT text FROM memos WHERE user_id = \(bind: user.uuid) ORDER BY text").all().map {
                MemoApp.Memo(text: try $0.decode(column: "text", as: String.self))
            }
        }
    }

    func exportData(for user: UserID) async throws -> AnyEncodable {
        AnyEncodable(["memos": try await memos(of: user).map(\.text)])
    }
}

@Suite("A second app module hosted beside Knot", .timeLimit(.minutes(3)))
struct AppModuleTests {
    @Test("a streamed answer passes the idempotency middleware untouched: not buffered, not stored, the key freed for a retry", arguments: [TestDatabase.sqlite])
    func streamPassesIdempotency(_ database: TestDatabase) async throws {
        try await withServer(
            database, configure: { $0.apps = [.knot, MemoApp.id] }, dependencies: .init(extraModules: [MemoApp.self])
        ) { client, _ in
            let user = try await client.signIn(app: "memo")
            for attempt in 0..<2 {
                let response = try await client.send(
                    .post, "/memo/v1/memos/stream", token: user.accessToken, body: Data(#"{"text":"one two"}"#.utf8),
                    headers: [.idempotencyKey: "stream-key"])
                #expect(response.status == .ok, "attempt \(attempt): \(response.text)")
                #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") == true)
                #expect(response.headers[.contentLength] == nil, "streamed, not collected into one buffer")
                #expect(response.headers[.idempotentReplayed] == nil, "attempt \(attempt): a stream is never replayed from storage")
                #expect(response.text == "event: word\ndata: one\n\nevent: word\ndata: two\n\n")
            }
        }
    }

    @Test("its settings scope, migrations, routes under its prefix, per-app tokens, export, deletion hook, delivery rules and universal links", arguments: TestDatabase.allCases)
    func secondApp(_ database: TestDatabase) async throws {
        try await withServer(
            database,
            configure: {
                $0.apps = [.knot, MemoApp.id]
                $0.appOverrides["MEMO_GREETING"] = "hi from memo"
                $0.appOverrides["MEMO_APPLE_APP_ID"] = "TEAM.com.example.memo"
                $0.appOverrides["KNOT_APPLE_APP_ID"] = "TEAM.com.example.knot"
            },
            // A fixed clock far from midnight in New York (the default time zone): the daily cap
            // below counts per local day, and a run straddling midnight saw two days.
            dependencies: .init(clock: TestClock(Date(timeIntervalSince1970: 1_795_176_000)), extraModules: [MemoApp.self])
        ) { client, server in
            #expect(try await client.send(.get, "/memo/hello").text == "hi from memo")

            let user = try await client.signIn(app: "memo")
            #expect(try await client.send(.post, "/memo/v1/memos", token: user.accessToken, json: ["text": "buy flowers"]).status == .created)
            #expect(try await client.send(.get, "/memo/v1/memos", token: user.accessToken).text.contains("buy flowers"))
            let knotUser = try await client.signIn(app: "knot")
            #expect(try await client.send(.get, "/memo/v1/memos", token: knotUser.accessToken).status == .unauthorized, "a Knot token is worthless on Memo's routes")
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken).status == .unauthorized)
            let export = try await client.send(.get, "/memo/v1/users/me/export", token: user.accessToken)
            #expect(export.status == .ok && export.text.contains("buy flowers"))

            // Universal links of both apps in one file.
            let association = try await client.send(.get, "/apple-app-site-association").json
            let details = (association["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
            #expect(details.compactMap { $0["appIDs"] as? [String] } == [["TEAM.com.example.knot"], ["TEAM.com.example.memo"]])
            #expect((association["webcredentials"] as? [String: Any])?["apps"] as? [String] == ["TEAM.com.example.knot"], "Memo opted out of web credentials")

            // The module's delivery rules reached the engine: a daily cap of one.
            let id = UserID(UUID(uuidString: user.userID)!)
            func note(_ n: Int) -> OutgoingNotification {
                OutgoingNotification(app: MemoApp.id, user: id, title: "t\(n)", body: "b", privateTitle: "t", privateBody: "b", idempotencyKey: "memo-\(n)-\(UUID())")
            }
            #expect(try await server.notifications.deliver(note(1)).wasDelivered)
            #expect(try await server.notifications.deliver(note(2)) == .capped)

            // Every hosted app serves its own document, naming exactly the routes it registered.
            #expect(server.apps.map { type(of: $0).id } == [.knot, MemoApp.id])
            for app in server.apps {
                let document = try type(of: app).servedOpenAPIDocument()
                let coverage = OpenAPICoverage(document: document, app: type(of: app).id.rawValue, server: server)
                #expect(!coverage.registered.isEmpty)
                #expect(coverage.missing.isEmpty && coverage.extra.isEmpty, "\(type(of: app).id): missing \(coverage.missing.sorted()), extra \(coverage.extra.sorted())")
                #expect(try await client.send(.get, "/\(type(of: app).id.rawValue)/openapi.json").body == document.json)
            }

            // Deleting the account runs the module's hook first; its rows go with the user.
            let memo = try #require(server.app(MemoApp.self))
            #expect(try await client.send(.delete, "/memo/v1/users/me", token: user.accessToken).status == .ok)
            #expect(memo.deletions.value == [id])
            #expect(try await MemoExporter(database: server.database).memos(of: id).isEmpty)
        }
    }

    @Test("two modules with one id, or an app no module serves, stop the server before it starts")
    func refusedCompositions() async throws {
        await #expect(throws: ConfigurationInvalid.self) {
            try await withServer(.sqlite, configure: { $0.apps = [.knot, MemoApp.id] }, dependencies: .init(extraModules: [MemoApp.self, MemoApp.self])) { _, _ in }
        }
        await #expect(throws: ConfigurationInvalid.self) {
            try await withServer(.sqlite, configure: { $0.apps = [.knot, AppID("nothing")] }) { _, _ in }
        }
    }
}
