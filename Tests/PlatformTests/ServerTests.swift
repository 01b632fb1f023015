import AIProviders
import AppServer
import Foundation
import HTTPTypes
import KnotAPI
import KnotTestSupport
import Logging
import Observability
import PlatformCore
import TestSupport
import Testing

@Suite("Server surface: health, metrics, errors", .timeLimit(.minutes(3)))
struct ServerTests {
    @Test("GET /health names the database and the embedder honestly", arguments: TestDatabase.allCases)
    func health(_ database: TestDatabase) async throws {
        try await withServer(database) { client, _ in
            let response = try await client.send(.get, "/health")
            #expect(response.status == .ok)
            #expect(response.json["status"] as? String == "ok")
            #expect(response.json["database"] as? String == database.rawValue)
            let embedder = response.json["embedder"] as? [String: Any]
            #expect(embedder?["model"] as? String == HashingEmbedder().model)
            #expect(embedder?["semantic"] as? Bool == false, "the hashing fallback never claims to be semantic")
            let apps: [String] = hostedApps.map { $0.id.rawValue }
            #expect(response.json["apps"] as? [String] == apps)
        }
    }

    @Test("GET /metrics exposes request counts and latencies per route template")
    func metrics() async throws {
        try await withServer(.sqlite) { client, _ in
            let user = try await client.signIn()
            _ = try await client.send(.get, "/knot/api/v1/vault", token: user.accessToken)
            _ = try await client.send(.delete, "/knot/api/v1/hints/\(UUID())", token: user.accessToken)
            let response = try await client.send(.get, "/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = response.text
            #expect(text.contains("# TYPE http_requests_total counter"))
            #expect(text.contains(#"http_requests_total{method="GET",route="/knot/api/v1/vault",status="404"} 1"#))
            #expect(text.contains(#"http_requests_total{method="DELETE",route="/knot/api/v1/hints/{id}",status="404"} 1"#), "IDs do not become series")
            #expect(text.contains(#"http_request_duration_seconds_bucket{method="POST",route="/knot/auth/dev",status="200",le="+Inf"} 1"#))
        }
    }

    @Test("a request's log lines carry its request id, the one X-Request-ID answers with (a sane incoming one kept), from any logger; lines outside a request carry none")
    func requestIDInLogLines() async throws {
        let lines = CapturedLines()
        let logger = Logger(label: "server") { label in
            DeferredMetadataLogHandler(label: label, metadataProvider: RequestLogContext.metadataProvider) { label, provider in
                StreamLogHandler(label: label, stream: lines, metadataProvider: provider)
            }
        }
        try await withServer(.sqlite, configure: { $0.logLevel = .debug }, dependencies: .init(logger: logger)) { client, _ in
            // LogRequestsMiddleware writes a line for each request at debug level.
            let kept = try await client.send(.get, "/health", headers: [.requestID: "trace-42"])
            #expect(kept.headers[.requestID] == "trace-42")
            let made = try await client.send(.get, "/nope", headers: [.requestID: "not sane!"])
            let madeID = try #require(made.headers[.requestID])
            #expect(UUID(uuidString: madeID) != nil && madeID == madeID.lowercased(), "\(madeID)")
            let lineFor = { (path: String) in lines.lines.filter { $0.contains(path) } }
            #expect(!lineFor("/health").isEmpty && lineFor("/health").allSatisfy { $0.contains("request_id=trace-42") }, "\(lines.lines)")
            #expect(!lineFor("/nope").isEmpty && lineFor("/nope").allSatisfy { $0.contains("request_id=\(madeID)") }, "\(lines.lines)")
        }
        var plain = logger
        plain.logLevel = .info
        plain.info("outside any request")
        #expect(lines.lines.last?.contains("outside any request") == true)
        #expect(lines.lines.last?.contains("request_id") == false)
    }

    @Test("unknown routes answer 404 in the JSON error shape")
    func unknownRoute() async throws {
        try await withServer(.sqlite) { client, _ in
            let response = try await client.send(.get, "/nope")
            #expect(response.status == .notFound)
            #expect(response.errorCode == "not_found")
            #expect(response.headers[.init("X-Request-ID")!] != nil)
        }
    }

    @Test("the metrics registry renders counters, gauges and cumulative histogram buckets")
    func registryRendering() {
        let registry = MetricsRegistry(buckets: [0.1, 1])
        registry.increment("jobs_total", help: "Jobs.", labels: ["kind": "a\"b"])
        registry.gauge("queue_depth", help: "Depth.", value: 3)
        registry.observe("latency_seconds", help: "Latency.", value: 0.5)
        registry.observe("latency_seconds", help: "Latency.", value: 0.05)
        let text = registry.render()
        #expect(text.contains(#"jobs_total{kind="a\"b"} 1"#))
        #expect(text.contains("queue_depth 3"))
        #expect(text.contains(#"latency_seconds_bucket{le="0.1"} 1"#))
        #expect(text.contains(#"latency_seconds_bucket{le="1.0"} 2"#))
        #expect(text.contains(#"latency_seconds_bucket{le="+Inf"} 2"#))
        #expect(text.contains("latency_seconds_count 2"))
    }
}

@Suite("Configuration", .timeLimit(.minutes(3)))
struct ConfigurationTests {
    @Test("with nothing set, the defaults are the embedded zero-config server")
    func defaults() throws {
        let configuration = try ServerConfiguration.load(environment: [:])
        #expect(configuration.port == 8080)
        #expect(configuration.databaseURL == nil)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.environment == .development)
        #expect(configuration.allowsDevSignIn)
        #expect(configuration.apps == ServerConfiguration.implementedApps)
    }

    @Test("command line beats environment beats .env, read from the file by swift-configuration's provider; a missing .env is no layer")
    func precedence() async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".env").path
        try """
        # comment
        PORT=7000
        LOG_LEVEL = debug
        DATA_DIR=/tmp/from-dotenv
        KNOT_ACCESS_TOKEN_TTL_SECONDS=600
        AI_CHAIN_KNOT.VIBE_CLASSIFICATION=openai:gpt-4o-mini
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try await ServerConfiguration.load(
            overrides: ["PORT": "9000"], environment: ["PORT": "8000", "DATA_DIR": "/tmp/from-env"], environmentFile: file)
        #expect(configuration.port == 9000)
        #expect(configuration.dataDirectory == "/tmp/from-env")
        #expect(configuration.logLevel == .debug)
        let knot = try #require(hostedApps.first { $0.id == .knot })
        #expect(try configuration.tokenLifetimes(for: knot)?.access == 600, "an app's scope is read from .env too")
        #expect(configuration.ai.chains["knot.vibe_classification"] == ["openai:gpt-4o-mini"], "a declared purpose's chain is read from .env")
        #expect(try await ServerConfiguration.load(environment: ["PORT": "8000"], environmentFile: file).port == 8000)
        #expect(try await ServerConfiguration.load(environment: [:], environmentFile: file).port == 7000)
        let missing = try await ServerConfiguration.load(environment: ["PORT": "8000"], environmentFile: folder.appendingPathComponent("absent.env").path)
        #expect(missing.port == 8000 && missing.dataDirectory == "./data")
        await #expect(throws: ServerConfiguration.Invalid.self) { try await ServerConfiguration.load(environment: [:], environmentFile: folder.path) }
    }

    @Test("a postgres:// URL selects PostgreSQL; per-app client IDs are read")
    func databaseAndClientIDs() throws {
        let configuration = try ServerConfiguration.load(environment: [
            "DATABASE_URL": "postgres://u:p@db:5432/apps", "KNOT_APPLE_CLIENT_IDS": "com.a.knot, com.a.knot.web", "KNOT_GOOGLE_CLIENT_IDS": "g1",
        ])
        #expect(configuration.databaseURL == "postgres://u:p@db:5432/apps")
        #expect(configuration.signInClientIDs.apple[.knot] == ["com.a.knot", "com.a.knot.web"])
        #expect(configuration.signInClientIDs.google[.knot] == ["g1"])
    }

    @Test(
        "invalid values are refused before the server starts",
        arguments: [
            ["PORT": "eighty"], ["PORT": "70000"], ["DATABASE_URL": "mysql://x"], ["APP_ENV": "staging"],
            ["APPS": "myspace"], ["APPS": "knot,nosuchapp"], ["LOG_LEVEL": "loud"], ["MAX_BODY_BYTES": "1"],
        ])
    func invalidValues(_ environment: [String: String]) {
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: environment) }
    }

    @Test("production refuses to start without an explicit signing key and disables development sign-in")
    func productionNeedsKeys() throws {
        #expect(throws: ServerConfiguration.Invalid.self) { try ServerConfiguration.load(environment: ["APP_ENV": "production"]) }
        let configuration = try ServerConfiguration.load(environment: ["APP_ENV": "production", "JWT_SIGNING_KEY": testSigningKeyPEM])
        #expect(!configuration.allowsDevSignIn)
    }
}
