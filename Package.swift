// swift-tools-version: 6.0
import PackageDescription

// The tree shows the layers (docs/architecture.md): a platform target lives in `Sources/Platform/<Target>`
// and names no app; an app's parts live in `Sources/Apps/<App>/<Part>`: API (the contract, target `<App>API`),
// Server (the module, `<App>`), Client (the SDK, `<App>Client`), CLI (`<App>CLI`) and parts of its own
// (`Zia/Safety` is `ZiaSafety`); `Sources/AppServer` composes them and `Sources/server` runs it.

/// Where a platform target's sources live.
func platform(_ target: String) -> String { "Sources/Platform/\(target)" }

/// Where one part of an app lives.
func app(_ app: String, _ part: String) -> String { "Sources/Apps/\(app)/\(part)" }

/// One server hosting four apps over one shared platform.
/// Targets have one job each: a thin `server` executable → app libraries → platform libraries.
let package = Package(
    name: "PersonalApps",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "server", targets: ["server"]),
        .library(name: "AppServer", targets: ["AppServer"]),
        .library(name: "KnotClient", targets: ["KnotClient"]),
        .executable(name: "knot", targets: ["KnotCLI"]),
        .library(name: "VibeKeeperClient", targets: ["VibeKeeperClient"]),
        .executable(name: "vibekeeper", targets: ["VibeKeeperCLI"]),
        .library(name: "ZiaClient", targets: ["ZiaClient"]),
        .executable(name: "zia", targets: ["ZiaCLI"]),
        .library(name: "FareLensClient", targets: ["FareLensClient"]),
        .executable(name: "farelens", targets: ["FareLensCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", .upToNextMinor(from: "1.33.2")),  // PostgresPreparedDatabase relies on how 1.33 reads statement names
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.15.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "4.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
    ],
    targets: [
        // MARK: Platform: the server side (names no app)
        // The platform's wire vocabulary (app identifiers, …): Foundation only, shared by server and clients.
        .target(name: "PlatformAPI", path: platform("PlatformAPI")),
        .target(
            name: "PlatformCore",
            dependencies: [
                "PlatformAPI",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: platform("PlatformCore"),
            // The OpenAPI fragments are JSON files compiled in (no resource bundle to ship beside the binary).
            resources: [
                .embedInCode("OpenAPI/platform.openapi.json"),
                .embedInCode("OpenAPI/platform-account.openapi.json"),
                .embedInCode("OpenAPI/password-accounts.openapi.json"),
            ]
        ),
        .target(
            name: "Observability",
            dependencies: [
                "PlatformCore",
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: platform("Observability")
        ),
        .target(
            name: "Persistence",
            dependencies: [
                "PlatformCore",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: platform("Persistence")
        ),
        // Numeric kernels are compiled with optimisation even in debug builds, so tests that run the
        // real model (golden vectors) take seconds, not minutes. On Linux (x86_64 servers) they also
        // use AVX2 + FMA, which halves the forward pass (docs/performance.md); MiniLMEmbedder
        // checks the CPU before loading and the server falls back to the hashing embedder without it.
        .target(
            name: "MiniLM", path: platform("MiniLM"),
            swiftSettings: [
                .unsafeFlags(["-O"]),
                .unsafeFlags(["-target-cpu", "haswell"], .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "AIProviders",
            dependencies: [
                "PlatformCore", "MiniLM", "Persistence", "Observability",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            path: platform("AIProviders")
        ),
        .target(
            name: "Auth",
            dependencies: [
                "PlatformCore",
                "Persistence",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // scrypt for password accounts; NIO's blocking pool runs it off the request executor.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: platform("Auth")
        ),
        .target(
            name: "Jobs",
            dependencies: [
                "PlatformCore", "Persistence", "Observability",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: platform("Jobs")
        ),
        .target(
            name: "Notifications",
            dependencies: [
                "PlatformCore", "Persistence", "Auth", "Observability",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: platform("Notifications")
        ),
        // JSON over HTTP to third parties' APIs (recommendation sources, flight providers): per-call
        // deadline, bounded retries on 429/5xx honouring Retry-After, typed errors.
        .target(
            name: "OutboundHTTP",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            path: platform("OutboundHTTP")
        ),
        // AWS Signature Version 4, for every AWS-style API the platform and apps call (S3, PA-API).
        .target(
            name: "AWSSigning", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: platform("AWSSigning")
        ),
        // Uploaded photos and recordings: format detection by magic bytes and the stores they live in
        // (a local folder, or an S3-compatible bucket).
        .target(
            name: "MediaStorage",
            dependencies: [
                "AWSSigning", "PlatformAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: platform("MediaStorage")
        ),
        // What an app module declares and what the platform hands it (the `AppModule` protocol).
        .target(
            name: "AppPlatform",
            dependencies: [
                "PlatformCore", "Persistence", "Auth", "AIProviders", "Jobs", "Notifications", "Observability", "MediaStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ],
            path: platform("AppPlatform")
        ),
        // MARK: Platform: the client side (Foundation only but for the CLIs' transport; names no app)
        // What every app's SDK shares (transport, session with single-flight refresh, token stores, retry,
        // the SDK error, JSON coding): Foundation (+ FoundationNetworking on Linux) only, names no app.
        .target(
            name: "ClientCore", dependencies: ["PlatformAPI"],
            path: platform("ClientCore")
        ),
        // ClientCore's HTTPTransport over AsyncHTTPClient: what the CLIs and the tests' live-socket
        // clients send with on Linux, where URLSession crashed on a cancel racing a completion and lost
        // completions under load. Not for the SDKs themselves (they stay Foundation-only).
        .target(
            name: "AsyncHTTPTransport",
            dependencies: [
                "ClientCore", .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: platform("AsyncHTTPTransport")
        ),
        // What every app's command-line client shares (session file and server options, sign-in
        // report, failures explained with ClientError's exit statuses, --json, tables, progress):
        // Foundation, ArgumentParser, ClientCore and its AsyncHTTPClient transport only; names no app.
        .target(
            name: "CLISupport",
            dependencies: ["ClientCore", "AsyncHTTPTransport", "PlatformAPI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: platform("CLISupport")
        ),
        // MARK: Knot
        // Knot's wire contract (Foundation only): request/response types, enums, typed IDs, route paths and the
        // rules both the Knot server and the Knot client SDK apply.
        .target(
            name: "KnotAPI", dependencies: ["PlatformAPI"],
            path: app("Knot", "API")
        ),
        .target(
            name: "Knot",
            dependencies: [
                "AppPlatform", "PlatformCore", "Persistence", "Auth", "AIProviders", "Jobs", "Notifications", "KnotAPI", "AWSSigning", "OutboundHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: app("Knot", "Server"),
            // The offline catalog's items are data, compiled in like the document.
            resources: [.embedInCode("OpenAPI/knot.openapi.json"), .embedInCode("Resources/catalog.json")]
        ),
        // The Knot client SDK: Knot's endpoints and view models over ClientCore and KnotAPI; Foundation
        // (+ FoundationNetworking on Linux) and Observation only, so an iOS app imports it unchanged. It
        // must never depend on a server target.
        .target(
            name: "KnotClient", dependencies: ["ClientCore", "KnotAPI"],
            path: app("Knot", "Client")
        ),
        .executableTarget(
            name: "KnotCLI",
            dependencies: [
                "KnotClient", "CLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: app("Knot", "CLI")
        ),
        // MARK: VibeKeeper
        // VibeKeeper's wire contract (Foundation only), shared by the server and the client SDK.
        .target(
            name: "VibeKeeperAPI", dependencies: ["PlatformAPI"],
            path: app("VibeKeeper", "API")
        ),
        .target(
            name: "VibeKeeper",
            dependencies: [
                "AppPlatform", "PlatformCore", "Persistence", "Auth", "AIProviders", "Jobs", "Notifications", "MediaStorage", "VibeKeeperAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: app("VibeKeeper", "Server"),
            resources: [.embedInCode("OpenAPI/vibekeeper.openapi.json")]
        ),
        // The VibeKeeper client SDK: its endpoints, the offline store and sync, and the view models over
        // ClientCore and VibeKeeperAPI; Foundation (+ FoundationNetworking on Linux) and Observation only,
        // so an iOS app imports it unchanged. It must never depend on a server target.
        .target(
            name: "VibeKeeperClient", dependencies: ["ClientCore", "VibeKeeperAPI"],
            path: app("VibeKeeper", "Client")
        ),
        .executableTarget(
            name: "VibeKeeperCLI",
            dependencies: [
                "VibeKeeperClient", "CLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: app("VibeKeeper", "CLI")
        ),
        // MARK: Zia
        // Zia (scripts/new-app): its wire contract (Foundation only) and its server module.
        .target(
            name: "ZiaAPI", dependencies: ["PlatformAPI"],
            path: app("Zia", "API")
        ),
        // What foods carry and the families' food rules (allergens, diets, words), read from
        // ingredient words: the one food check of the server and the SDK (pure logic, Foundation only).
        .target(
            name: "ZiaFoodRules", dependencies: ["ZiaAPI"],
            path: app("Zia", "FoodRules")
        ),
        // Zia's safety by construction: PII redaction, the seed's YAML policy, age gates, and the
        // food check it re-exports (pure logic, no I/O).
        .target(
            name: "ZiaSafety", dependencies: ["ZiaAPI", "ZiaFoodRules", .product(name: "Yams", package: "Yams")],
            path: app("Zia", "Safety"),
            resources: [.embedInCode("Resources/policy.yaml")]
        ),
        // The recipe corpus and the parenting knowledge base shipped with Zia (data and loaders).
        .target(
            name: "ZiaCorpus", dependencies: ["ZiaAPI"],
            path: app("Zia", "Corpus"),
            resources: [.embedInCode("Resources/recipes.json"), .embedInCode("Resources/knowledge.json")]
        ),
        // The assistant: intent routing, the four agents (rule-based offline, or models through the
        // router's strategies), run budgets and the events a run streams.
        .target(
            name: "ZiaAssistant", dependencies: ["ZiaAPI", "ZiaSafety", "ZiaCorpus", "AIProviders", "PlatformCore"],
            path: app("Zia", "Assistant")
        ),
        .target(
            name: "Zia",
            dependencies: [
                "AppPlatform", "PlatformCore", "Persistence", "Auth", "ZiaAPI", "ZiaSafety", "ZiaCorpus", "ZiaAssistant", "AIProviders", "Observability",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: app("Zia", "Server"),
            resources: [
                .embedInCode("OpenAPI/zia.openapi.json"), .embedInCode("OpenAPI/zia-assistant.openapi.json"), .embedInCode("OpenAPI/zia-search.openapi.json"),
                .embedInCode("OpenAPI/zia-memory.openapi.json"), .embedInCode("OpenAPI/zia-admin.openapi.json"),
                .embedInCode("OpenAPI/zia-pantry.openapi.json"),
                .embedInCode("OpenAPI/zia-shopping.openapi.json"),
                .embedInCode("OpenAPI/zia-routines.openapi.json"),
                .embedInCode("OpenAPI/zia-artifacts.openapi.json"),
                .embedInCode("OpenAPI/zia-reminders.openapi.json"),
            ]
        ),
        // Zia's client SDK (Foundation only; never a server target) and its CLI on the shared CLI support.
        .target(
            name: "ZiaClient", dependencies: ["ClientCore", "ZiaAPI", "ZiaFoodRules"],
            path: app("Zia", "Client")
        ),
        .executableTarget(
            name: "ZiaCLI",
            dependencies: ["ZiaClient", "CLISupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: app("Zia", "CLI")
        ),
        // MARK: FareLens
        // FareLens (scripts/new-app): its wire contract (Foundation only) and its server module.
        .target(
            name: "FareLensAPI", dependencies: ["PlatformAPI"],
            path: app("FareLens", "API")
        ),
        .target(
            name: "FareLens",
            dependencies: [
                "AppPlatform", "PlatformCore", "Persistence", "Auth", "Jobs", "FareLensAPI", "OutboundHTTP", "Observability",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: app("FareLens", "Server"),
            resources: [
                .embedInCode("OpenAPI/farelens.openapi.json"),
                // Airports: the table tools/airports.py makes and its routes' fragment.
                .copy("Resources/airports.tsv"), .embedInCode("OpenAPI/farelens-airports.openapi.json"),
                .copy("Resources/transfer-bonuses.json"),
                .embedInCode("OpenAPI/farelens-prices.openapi.json"),
                .embedInCode("OpenAPI/farelens-watchlists.openapi.json"),
                .embedInCode("OpenAPI/farelens-deals.openapi.json"),
                .embedInCode("OpenAPI/farelens-points.openapi.json"),
                .embedInCode("OpenAPI/farelens-checks.openapi.json"),
                .embedInCode("OpenAPI/farelens-alerts.openapi.json"),
                .embedInCode("OpenAPI/farelens-search.openapi.json"),
                .embedInCode("OpenAPI/farelens-affiliate.openapi.json"),
                .embedInCode("OpenAPI/farelens-subscriptions.openapi.json"),
            ]
        ),
        // FareLens's client SDK (Foundation only; never a server target) and its CLI on the shared CLI support.
        .target(
            name: "FareLensClient", dependencies: ["ClientCore", "FareLensAPI"],
            path: app("FareLens", "Client")
        ),
        .executableTarget(
            name: "FareLensCLI",
            dependencies: ["FareLensClient", "CLISupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: app("FareLens", "CLI")
        ),
        // MARK: Example
        // Example (scripts/new-app): its wire contract (Foundation only) and its server module.
        .target(
            name: "ExampleAPI", dependencies: ["PlatformAPI"],
            path: app("Example", "API")
        ),
        .target(
            name: "Example",
            dependencies: [
                "AppPlatform", "PlatformCore", "Persistence", "Auth", "ExampleAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: app("Example", "Server"),
            resources: [.embedInCode("OpenAPI/example.openapi.json")]
        ),
        // Example's client SDK (Foundation only; never a server target) and its CLI on the shared CLI support.
        .target(
            name: "ExampleClient", dependencies: ["ClientCore", "ExampleAPI"],
            path: app("Example", "Client")
        ),
        .executableTarget(
            name: "ExampleCLI",
            dependencies: ["ExampleClient", "CLISupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: app("Example", "CLI")
        ),
        // MARK: Composition
        .target(
            name: "AppServer",
            dependencies: [
                "FareLens",
                "Zia",
                "AppPlatform", "PlatformCore", "Observability", "Persistence", "Auth", "AIProviders", "Jobs", "Notifications", "Knot", "VibeKeeper", "MediaStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "server",
            dependencies: [
                "AppServer",
                "Observability",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // MARK: Benchmarks
        .executableTarget(
            name: "embedding-benchmark",
            dependencies: ["AIProviders", "MiniLM"],
            path: "Benchmarks/EmbeddingBenchmark"
        ),
        .executableTarget(
            name: "knot-benchmark",
            dependencies: ["AppServer", "Knot", "KnotAPI", "AIProviders", "Persistence", "PlatformCore", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/KnotBenchmark"
        ),
        .executableTarget(
            name: "jobs-benchmark",
            dependencies: ["Jobs", "Persistence", "PlatformCore", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/JobsBenchmark"
        ),
        .executableTarget(
            name: "vibekeeper-extraction",
            dependencies: ["VibeKeeper"],
            path: "Benchmarks/VibeKeeperExtraction",
            exclude: ["utterances.json", "heldout.json", "generate_table.py"]
        ),
        .executableTarget(
            name: "zia-benchmark",
            dependencies: [
                "AppServer", "ZiaAPI", "PlatformCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/ZiaBenchmark"
        ),
        // Issue 38's soak: a mixed load over the four apps through a URL (nginx before the cluster, or
        // one instance), every acknowledged row read back; scripts/soak runs it.
        .executableTarget(
            name: "cluster-soak",
            dependencies: [
                "PlatformAPI", "KnotAPI", "VibeKeeperAPI", "ZiaAPI", "FareLensAPI", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/ClusterSoak"
        ),
        // FareLens's Deals: DealScore over 10,000 fares and the smart queue ranking them (p50/p95).
        .executableTarget(name: "farelens-benchmark", dependencies: ["FareLensAPI", "PlatformAPI"], path: "Benchmarks/farelens-benchmark"),
        .executableTarget(
            name: "farelens-airports-benchmark",
            dependencies: ["FareLens"],
            path: "Benchmarks/farelens-airports-benchmark"
        ),
        // FareLens's search: an offline search through the service on SQLite, cache miss and hit (p50/p95).
        .executableTarget(
            name: "farelens-search-benchmark", dependencies: ["FareLens", "FareLensAPI", "Persistence", "PlatformCore", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/farelens-search-benchmark"),
        // FareLens's scheduled watchlist checks: one run for 10,000 watchers on 300 routes (provider calls, time).
        .executableTarget(
            name: "farelens-checks-benchmark", dependencies: ["FareLens", "FareLensAPI", "Persistence", "PlatformCore", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/farelens-checks-benchmark"),
        // FareLens's alerts: the fan-out of one scheduled run for 10,000 users on SQLite.
        .executableTarget(
            name: "farelens-alerts-benchmark", dependencies: ["FareLens", "FareLensAPI", "Auth", "Persistence", "PlatformCore", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/farelens-alerts-benchmark"),
        .executableTarget(
            name: "http-ceiling",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/HTTPCeiling"
        ),
        // MARK: Tests
        // The fakes of other services and the small tools tests share (a local HTTP server, fake APNs,
        // S3 and AI providers, forged tokens, a faulty database, child processes, `eventually`):
        // they name no app, so a test of a platform part does not compile the apps.
        .target(
            name: "TestFakes",
            dependencies: [
                "Auth", "Persistence", "PlatformCore", "AIProviders", "AWSSigning",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/TestFakes"
        ),
        // The server harness: every hosted app in process (`withServer`, `TestClient`), on SQLite or
        // PostgreSQL, several instances, the OpenAPI coverage; re-exports TestFakes.
        .target(
            name: "TestSupport",
            dependencies: [
                "TestFakes", "AppServer", "Auth", "Persistence", "PlatformCore", "AIProviders",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Tests/TestSupport"
        ),
        // Knot's fixtures and handles for tests that exercise Knot (TestSupport itself names no app).
        .target(
            name: "KnotTestSupport",
            dependencies: ["TestSupport", "AppServer", "Knot", "KnotAPI"],
            path: "Tests/KnotTestSupport"
        ),
        .testTarget(
            name: "PlatformTests",
            dependencies: [
                "TestSupport", "KnotTestSupport", "AppPlatform", "AppServer", "PlatformCore", "Persistence", "AIProviders", "Auth", "Observability", "Jobs",
                "Notifications", "Knot", "KnotAPI",
                "MediaStorage", "AWSSigning", "ClientCore", "AsyncHTTPTransport", "OutboundHTTP",
                // The scaffold's example app (scripts/new-app example --example), in the route-table check.
                "Example",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "SQLKit", package: "sql-kit"), .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("memo.openapi.json")]
        ),
        .testTarget(
            name: "AIProvidersTests",
            dependencies: [
                "AIProviders", "MiniLM", "TestSupport", "PlatformCore", .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "KnotTests",
            dependencies: ["TestSupport", "KnotTestSupport", "Knot", "KnotAPI", "AWSSigning", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "VibeKeeperTests",
            dependencies: [
                "TestSupport", "VibeKeeper", "VibeKeeperAPI", "AIProviders", "AppServer", "PlatformCore", "MediaStorage", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What every SDK's tests put between the SDK and the in-process server: the real app as a
        // transport, and a transport that drops, delays and duplicates on purpose.
        .target(
            name: "ClientTestSupport",
            dependencies: ["ClientCore", "AsyncHTTPTransport", "TestSupport", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Tests/ClientTestSupport"
        ),
        .testTarget(
            name: "VibeKeeperClientTests",
            dependencies: [
                "VibeKeeperClient", "VibeKeeperAPI", "TestSupport", "ClientTestSupport", "AsyncHTTPTransport", "AppServer", .product(name: "Hummingbird", package: "hummingbird"),
            ],
            // A snapshot as the SDK wrote it before the outbox moved to ClientCore.
            resources: [.embedInCode("Fixtures/legacy-snapshot.json")]
        ),
        // The app-agnostic client core on its own (the offline outbox against an in-memory server).
        .testTarget(name: "ClientCoreTests", dependencies: ["ClientCore", "PlatformAPI"]),
        .testTarget(
            name: "CLISupportTests",
            dependencies: ["CLISupport", "ClientCore", "PlatformAPI", "TestFakes", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "KnotClientTests",
            dependencies: ["KnotClient", "KnotAPI", "TestSupport", "KnotTestSupport", "AsyncHTTPTransport", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "ExampleTests",
            dependencies: ["TestSupport", "Example", "ExampleAPI", "AppPlatform", "AppServer"]
        ),
        .testTarget(
            name: "ZiaClientTests",
            dependencies: [
                "ZiaClient", "ZiaAPI", "Zia", "TestSupport", "ClientTestSupport", "AsyncHTTPTransport", "AppServer", "PlatformCore",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ZiaTests",
            dependencies: [
                "TestSupport", "Zia", "ZiaAPI", "ZiaSafety", "ZiaCorpus", "ZiaAssistant", "AppPlatform", "AppServer", "Persistence", "PlatformCore", "AIProviders",
                "ClientCore", "AsyncHTTPTransport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "FareLensClientTests",
            dependencies: [
                "FareLensClient", "FareLens", "TestSupport", "AppServer", "PlatformCore", "AsyncHTTPTransport", .product(name: "Hummingbird", package: "hummingbird"),
            ]),
        .testTarget(
            name: "FareLensTests",
            dependencies: [
                "TestSupport", "FareLens", "FareLensAPI", "AppPlatform", "AppServer", "Auth", "OutboundHTTP", "PlatformCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
