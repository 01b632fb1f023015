import AppServer
import Auth
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Persistence
import PlatformCore
import SQLKit
import TestFakes

/// The two databases every repository and API test runs against. PostgreSQL comes from
/// `TEST_POSTGRES_URL` (set by `scripts/test`); when it is missing the PostgreSQL case fails loudly
/// rather than being skipped.
public enum TestDatabase: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    public var description: String { rawValue }

    /// The bound on one database operation for stores tests open themselves, when the test checks
    /// behaviour rather than the bound: in the full run dozens of servers migrate and create databases
    /// at once on 2 cores, and the production bound of 5 s was overshot there (contract and job tests
    /// failed so). The outage tests set their own short bound.
    public static let operationTimeout: Duration = .seconds(30)

    public struct Unavailable: Error, CustomStringConvertible {
        public let description = "PostgreSQL tests need TEST_POSTGRES_URL. Run the suite with scripts/test, which starts PostgreSQL + pgvector and sets it."
    }

    /// The connection URL for PostgreSQL, or a failure explaining how to get one.
    public static func postgresURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"], !url.isEmpty else { throw Unavailable() }
        return url
    }
}

/// A clock tests move by hand.
public final class TestClock: TimeSource, Sendable {
    private let current: LockedValue<Date>

    public init(_ start: Date = Date().truncatedToMicroseconds) { current = LockedValue(start) }

    public func now() -> Date { current.value }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A test configuration on `database`: SQLite in a fresh folder, or the shared PostgreSQL database.
public func testConfiguration(_ database: TestDatabase, dataDirectory: URL) throws -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.dataDirectory = dataDirectory.path
    configuration.jwtSigningKeyPEM = testSigningKeyPEM
    configuration.logLevel = .warning
    configuration.authRateLimitPerMinute = 10_000
    configuration.embedder = .hashing
    configuration.vectorBackfillSeconds = 0
    configuration.jobsEnabled = false
    // Servers of unrelated tests share the test database: counted there, their limits would meet
    // (every in-process client is "unknown"), and a listener connection each would pass PostgreSQL's
    // max_connections when hundreds run at once. ``withInstances`` turns both on for its deployment.
    configuration.multiInstance = false
    // Behaviour tests are not held to the production bound on a database operation: at the start of a
    // full run dozens of servers migrate and create databases at once on 2 cores, and a sign-in can
    // wait longer than 5 s. The outage tests set their own short bound.
    configuration.databaseTimeoutSeconds = Int(TestDatabase.operationTimeout.components.seconds)
    if database == .postgres {
        configuration.databaseURL = try TestDatabase.postgresURL()
        configuration.postgresMaxConnections = 4
    }
    return configuration
}

/// A PostgreSQL database of its own (created from the test server's, dropped afterwards), for tests
/// whose effects are database-wide — like re-embedding every stored vector — and must not touch the
/// data of tests running alongside.
public func withIsolatedPostgres<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
    let base = try TestDatabase.postgresURL()
    guard var components = URLComponents(string: base) else { throw TestFailure("bad TEST_POSTGRES_URL") }
    let name = "isolated_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try PostgresStore(url: base, maxConnections: 1, operationTimeout: TestDatabase.operationTimeout, logger: Logger(label: "test"))
    let runner = Task { try await admin.run() }
    defer { runner.cancel() }
    // Many tests create and drop databases at once, and PostgreSQL serialises those: they are not
    // held to the per-request bound.
    try await DatabaseDeadline.withOperationTimeout(.seconds(120)) {
        try await admin.read { try await $0.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
    }
    components.path = "/" + name
    let url = components.string!
    do {
        let result = try await body(url)
        try? await DatabaseDeadline.withOperationTimeout(.seconds(120)) {
            try await admin.read { try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run() }
        }
        return result
    } catch {
        try? await DatabaseDeadline.withOperationTimeout(.seconds(120)) {
            try await admin.read { try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: name) WITH (FORCE)").run() }
        }
        throw error
    }
}

/// Builds the real application on `database` and runs `body` against it in-process.
public func withServer<T: Sendable>(
    _ database: TestDatabase,
    configure: (inout ServerConfiguration) -> Void = { _ in },
    dependencies: ServerDependencies = .init(),
    _ body: @Sendable (TestClient, ServerComponents) async throws -> T
) async throws -> T {
    let folder = makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = try testConfiguration(database, dataDirectory: folder)
    configure(&configuration)
    let components = try await buildServer(configuration: configuration, dependencies: dependencies)
    // The body's error is carried out as a value, so the server always shuts down gracefully (closing
    // the database) instead of being torn down mid-flight, which SQLite would assert on.
    let outcome: Result<T, any Error> = try await components.application.test(.router) { client in
        do {
            return .success(try await body(TestClient(client: client), components))
        } catch {
            return .failure(error)
        }
    }
    return try outcome.get()
}

/// A response as tests see it: status, headers, body, and the body parsed as JSON.
public struct APIResponse: Sendable {
    public let status: HTTPResponse.Status
    public let headers: HTTPFields
    public let body: Data

    /// The body as a JSON object (empty when it is not one).
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The `field` names of a validation error.
    public var errorFields: [String] {
        ((json["error"] as? [String: Any])?["fields"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    public var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder.api.decode(type, from: body)
    }
}

/// Thin JSON helper over HummingbirdTesting's client.
public struct TestClient: Sendable {
    let client: any TestClientProtocol

    /// Sends a request with an optional bearer token and raw body.
    public func send(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, body: Data? = nil, headers extra: HTTPFields = [:]) async throws -> APIResponse {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let response = try await client.executeRequest(
            uri: path, method: method, headers: headers,
            body: body.map { ByteBuffer(bytes: $0) }
        )
        return APIResponse(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }

    /// Sends `json` (any JSONSerialization-compatible value) as the body.
    public func send(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: Any) async throws -> APIResponse {
        let data = try JSONSerialization.data(withJSONObject: json)
        return try await send(method, path, token: token, body: data)
    }

    /// A fresh address for a test user, so tests sharing a database never meet each other's accounts.
    public static var freshEmail: String { "user-\(UUID().uuidString.prefix(8))@example.com" }

    /// Signs in to `app` through development sign-in and returns the token pair.
    public func signIn(_ email: String = TestClient.freshEmail, app: String) async throws -> SignedIn {
        let response = try await send(.post, "/\(app)/auth/dev", json: ["email": email])
        guard response.status == .ok else { throw TestFailure("dev sign-in failed: \(response.status) \(response.text)") }
        let json = response.json
        return SignedIn(accessToken: json["access_token"] as! String, refreshToken: json["refresh_token"] as! String, userID: json["user_id"] as! String)
    }
}

/// The tokens of a signed-in test user.
public struct SignedIn: Sendable {
    public let accessToken: String
    public let refreshToken: String
    public let userID: String

    public init(accessToken: String, refreshToken: String, userID: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.userID = userID
    }
}

/// ``withServer(_:configure:dependencies:_:)`` on a database of its own (an isolated PostgreSQL
/// database, or the usual fresh SQLite file), for tests that run the job scheduler: it claims every
/// due job in its database, so it must not see the jobs of tests running alongside.
public func withIsolatedServer<T: Sendable>(
    _ database: TestDatabase,
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    dependencies: ServerDependencies = .init(),
    _ body: @escaping @Sendable (TestClient, ServerComponents) async throws -> T
) async throws -> T {
    try await onOwnDatabase(database, configure) { try await withServer(database, configure: $0, dependencies: dependencies, body) }
}

/// ``withLiveServer(_:configure:dependencies:_:)`` on a database of its own (an isolated PostgreSQL
/// database, or the usual fresh SQLite file), for journeys that count rows or expect a cold cache,
/// which earlier runs on the shared PostgreSQL database would otherwise have warmed.
public func withIsolatedLiveServer<T: Sendable>(
    _ database: TestDatabase,
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    dependencies: ServerDependencies = .init(),
    _ body: @escaping @Sendable (URL, ServerComponents) async throws -> T
) async throws -> T {
    try await onOwnDatabase(database, configure) { try await withLiveServer(database, configure: $0, dependencies: dependencies, body) }
}

/// Calls `start` with `configure`, on PostgreSQL extended to name a database created for the call
/// (and dropped after it); SQLite's test file is fresh for every server already.
private func onOwnDatabase<T: Sendable>(
    _ database: TestDatabase, _ configure: @escaping @Sendable (inout ServerConfiguration) -> Void,
    _ start: @escaping @Sendable (@escaping @Sendable (inout ServerConfiguration) -> Void) async throws -> T
) async throws -> T {
    guard database == .postgres else { return try await start(configure) }
    return try await withIsolatedPostgres { url in
        try await start { configuration in
            configure(&configuration)
            configuration.databaseURL = url
        }
    }
}

/// Builds the real application on `database` and serves it on 127.0.0.1 at a free port (a real
/// socket) for the duration of `body`, which gets the base URL — for clients that bring their own
/// HTTP stack, like an app's client SDK and its command-line client.
public func withLiveServer<T: Sendable>(
    _ database: TestDatabase,
    configure: (inout ServerConfiguration) -> Void = { _ in },
    dependencies: ServerDependencies = .init(),
    _ body: @Sendable (URL, ServerComponents) async throws -> T
) async throws -> T {
    let folder = makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = try testConfiguration(database, dataDirectory: folder)
    configuration.port = 0
    configure(&configuration)
    let components = try await buildServer(configuration: configuration, dependencies: dependencies)
    // The body's error is carried out as a value, so the server always takes the graceful shutdown
    // path (which closes the database) rather than being cancelled mid-flight.
    let outcome: Result<T, any Error> = try await components.application.test(.live) { client in
        guard let port = client.port else { return .failure(TestFailure("the live test server reported no port")) }
        do {
            return .success(try await body(URL(string: "http://127.0.0.1:\(port)")!, components))
        } catch {
            return .failure(error)
        }
    }
    return try outcome.get()
}
