import AppServer
import Foundation
import Jobs
import KnotTestSupport
import Logging
import Persistence
import PlatformCore
import SQLKit
import Synchronization
import TestSupport
import Testing

/// Whatever the database does — backends killed mid-query, the server stopped and started again, the
/// SQLite file locked — every request completes within a bound: 503 with `Retry-After` and the
/// standard body during the outage, 2xx again afterwards from the same process, nothing answered
/// 201 is lost, and the job runner runs every job exactly once.
@Suite("Database outages", .timeLimit(.minutes(3)))

struct DatabaseOutageTests {
    /// The bound the tests configure (DATABASE_TIMEOUT_SECONDS) and the slack they allow on top of it.
    static let timeoutSeconds = 2
    static let slack: Double = 2.5

    /// Sends one request and checks it finished within the bound; returns it and its duration.
    static func timed(_ body: () async throws -> APIResponse) async throws -> APIResponse {
        let start = ContinuousClock.now
        let response = try await body()
        let elapsed = start.duration(to: .now)
        #expect(elapsed < .seconds(Double(timeoutSeconds) + slack), "a request took \(elapsed) during an outage")
        return response
    }

    /// How long a test waits for the server (or the job runner) to work again after an outage: as
    /// long as `tries` attempts `every` apart, each of which may take the configured bound while the
    /// database is still away.
    static func recoveryPatience(tries: Int, every interval: Duration) -> Duration {
        (interval + .seconds(timeoutSeconds)) * tries
    }

    static func expectUnavailable(_ response: APIResponse, _ what: String) {
        #expect(response.status == .serviceUnavailable, "\(what): \(response.status) \(response.text)")
        #expect(response.headers[.retryAfter].flatMap(Int.init) ?? 0 >= 1, "\(what): Retry-After missing")
        #expect(response.errorCode == "database_unavailable", "\(what): \(response.text)")
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    }

    @Test("PostgreSQL stopped under a running server: 503 within the bound, health 503, then 2xx again from the same process")
    func postgresStoppedAndStarted() async throws {
        try await withServerOnPrivatePostgres(configure: { $0.databaseTimeoutSeconds = Self.timeoutSeconds }) { client, _, postgres in
            let user = try await client.signIn()
            let vault = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            #expect(vault.status == .created, "\(vault.text)")
            let saved = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "Before the outage"])
            #expect(saved.status == .created)

            try await postgres.stop()
            Self.expectUnavailable(try await Self.timed { try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken) }, "GET during outage")
            Self.expectUnavailable(
                try await Self.timed { try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "During the outage"]) }, "POST during outage"
            )
            // With an Idempotency-Key too: the key cannot be claimed, so the platform's 503 (never a 500).
            let keyed = try await client.send(
                .post, "/knot/api/v1/hints", token: user.accessToken, body: Data(#"{"hint_text":"Keyed"}"#.utf8), headers: [.idempotencyKey: "during-outage"])
            Self.expectUnavailable(keyed, "POST with Idempotency-Key during outage")
            let health = try await Self.timed { try await client.send(.get, "/health") }
            #expect(health.status == .serviceUnavailable)
            #expect(health.json["status"] as? String == "unavailable")
            // Concurrent callers are bounded too (none parked on a dead connection).
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask { Int(try await Self.timed { try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken) }.status.code) }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(Set(statuses) == [503])

            try await postgres.start()
            let recovered = try await eventually(within: Self.recoveryPatience(tries: 40, every: .milliseconds(250)), every: .milliseconds(250)) {
                try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken).status == .ok
            }
            #expect(recovered, "the server did not serve again after PostgreSQL came back")
            let after = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "After the outage"])
            #expect(after.status == .created)
            // The key was not stored during the outage: the retry runs.
            let retried = try await client.send(
                .post, "/knot/api/v1/hints", token: user.accessToken, body: Data(#"{"hint_text":"Keyed"}"#.utf8), headers: [.idempotencyKey: "during-outage"])
            #expect(retried.status == .created && retried.headers[.idempotentReplayed] == nil, "\(retried.text)")
            let list = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken)
            let texts = ((list.json["hints"] as? [[String: Any]]) ?? []).compactMap { $0["hint_text"] as? String }
            #expect(Set(texts) == ["Before the outage", "After the outage", "Keyed"])
            #expect(try await client.send(.get, "/health").status == .ok)
        }
    }

    @Test("PostgreSQL hanging (frozen, sockets open, nothing answers): 503 within the bound, then 2xx once it answers again")
    func postgresHangs() async throws {
        try await withServerOnPrivatePostgres(configure: { $0.databaseTimeoutSeconds = Self.timeoutSeconds }) { client, _, postgres in
            let user = try await client.signIn()
            #expect(try await client.send(.get, "/health").status == .ok)
            try await postgres.freeze()
            Self.expectUnavailable(try await Self.timed { try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken) }, "GET while frozen")
            Self.expectUnavailable(try await Self.timed { try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken) }, "GET while frozen, again")
            let health = try await Self.timed { try await client.send(.get, "/health") }
            #expect(health.status == .serviceUnavailable)
            #expect(health.headers[.retryAfter] != nil)
            try await postgres.thaw()
            let recovered = try await eventually(within: Self.recoveryPatience(tries: 40, every: .milliseconds(250)), every: .milliseconds(250)) {
                try await client.send(.get, "/health").status == .ok
            }
            #expect(recovered)
            #expect(try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload()).status == .created)
        }
    }

    @Test("backends killed during requests: every answer is 201 or 503 within the bound, and every 201 is stored")
    func backendsTerminatedDuringRequests() async throws {
        try await withPostgresAdmin { admin in
            try await withIsolatedServer(
                .postgres,
                configure: {
                    $0.databaseTimeoutSeconds = Self.timeoutSeconds; $0.postgresMaxConnections = 6
                }
            ) { client, components in
                let name = try await currentDatabaseName(components.database)
                let user = try await client.signIn()
                let vault = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
                #expect(vault.status == .created, "\(vault.text)")
                let killer = BackendKiller(database: name, through: admin, every: .milliseconds(30))
                let outcomes = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
                    for worker in 0..<8 {
                        group.addTask {
                            var results: [(Int, String)] = []
                            for index in 0..<12 {
                                let text = "hint \(worker)-\(index)"
                                let response = try await Self.timed { try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": text]) }
                                if response.status == .serviceUnavailable { Self.expectUnavailable(response, "POST while backends die") }
                                results.append((Int(response.status.code), text))
                            }
                            return results
                        }
                    }
                    return try await group.reduce(into: [(Int, String)]()) { $0 += $1 }
                }
                let ended = await killer.stop()
                #expect(ended > 0, "no backend was terminated: the test did not test anything")
                let unexpected = outcomes.filter { $0.0 != 201 && $0.0 != 503 }
                #expect(unexpected.isEmpty, "answers other than 201/503: \(unexpected)")

                // Afterwards the same server serves normally, and nothing answered 201 went missing.
                var listed: Set<String> = []
                let recovered = try await eventually(within: Self.recoveryPatience(tries: 40, every: .milliseconds(100)), every: .milliseconds(100)) {
                    let list = try await client.send(.get, "/knot/api/v1/hints?limit=100", token: user.accessToken)
                    listed = Set(((list.json["hints"] as? [[String: Any]]) ?? []).compactMap { $0["hint_text"] as? String })
                    return list.status == .ok
                }
                let answeredCreated = Set(outcomes.filter { $0.0 == 201 }.map(\.1))
                #expect(answeredCreated.isSubset(of: listed), "answered 201 but not stored: \(answeredCreated.subtracting(listed))")
                #expect(recovered)
                let created = try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "after"])
                #expect(created.status == .created)
            }
        }
    }

    @Test("backends killed while jobs run: every job runs exactly once and none is lost")
    func jobsAcrossTerminatedBackends() async throws {
        try await withPostgresAdmin { admin in
            try await withIsolatedPostgres { url in
                let store = try PostgresStore(url: url, maxConnections: 4, operationTimeout: .seconds(Self.timeoutSeconds), logger: Logger(label: "test"))
                let pool = Task { try await store.run() }
                defer { pool.cancel() }
                try await Migrator.migrate(store, sets: [JobSchema.migrations], logger: Logger(label: "test"))
                let name = try await currentDatabaseName(store)
                let runs = Mutex<[String: Int]>([:])
                let queue = JobQueue(database: store, clock: SystemTime())
                let scheduler = JobScheduler(
                    queue: queue, clock: SystemTime(), configuration: .init(batchSize: 5, concurrency: 3, leaseSeconds: 3, pollInterval: .milliseconds(20)),
                    logger: Logger(label: "jobs"))
                scheduler.register("test.count") { job in
                    runs.withLock { $0[job.payload, default: 0] += 1 }
                    try await Task.sleep(for: .milliseconds(15))
                    return .completed
                }
                let count = 60
                try await queue.enqueue((0..<count).map { NewJob(kind: "test.count", payload: "job-\($0)", runAt: Date()) })
                let runner = Task { try await scheduler.run() }
                let killer = BackendKiller(database: name, through: admin, every: .milliseconds(25))
                try await Task.sleep(for: .milliseconds(700))
                let ended = await killer.stop()
                #expect(ended > 0, "no backend was terminated: the test did not test anything")
                // All jobs finish (one whose claim was lost with its connection comes back after its 3 s lease).
                var succeeded = 0
                _ = try await eventually(within: Self.recoveryPatience(tries: 150, every: .milliseconds(100)), every: .milliseconds(100)) {
                    succeeded = (try? await queue.list(status: .succeeded, kind: "test.count", limit: 1000).count) ?? 0
                    return succeeded >= count
                }
                runner.cancel()
                _ = try? await runner.value
                #expect(succeeded == count)
                let counts = runs.withLock { $0 }
                #expect(counts.count == count, "jobs never run: \(count - counts.count)")
                let twice = counts.filter { $0.value > 1 }
                #expect(twice.isEmpty, "jobs run more than once: \(twice)")
            }
        }
    }

    @Test("SQLite locked by another process: writes answer 503 within the bound, reads go on, then writes succeed")
    func sqliteLockedByAnotherConnection() async throws {
        try await withServer(.sqlite, configure: { $0.databaseTimeoutSeconds = 1 }) { client, components in
            let user = try await client.signIn()
            let vault = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            #expect(vault.status == .created, "\(vault.text)")
            #expect(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "before"]).status == .created)
            let path = try #require((components.database as? SQLiteStore)?.path)
            // Another connection to the file (as another process would) takes the write lock for 3 s.
            let other = try await SQLiteStore.open(path: path, readers: 1, operationTimeout: .seconds(10), logger: Logger(label: "other"))
            let locked = Mutex<Bool>(false)
            let holder = Task {
                try await other.transaction { _ in
                    locked.withLock { $0 = true }
                    try await Task.sleep(for: .seconds(3))
                }
            }
            try #require(try await eventually(within: .seconds(180), every: .milliseconds(10)) { locked.withLock { $0 } })
            let blocked = try await Self.timed { try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "while locked"]) }
            Self.expectUnavailable(blocked, "POST while the file is locked")
            #expect(try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken).status == .ok)
            try await holder.value
            await other.close()
            #expect(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "after"]).status == .created)
            let list = try await client.send(.get, "/knot/api/v1/hints", token: user.accessToken)
            let texts = ((list.json["hints"] as? [[String: Any]]) ?? []).compactMap { $0["hint_text"] as? String }
            #expect(Set(texts) == ["before", "after"])
        }
    }

    @Test("SQLite writer held past the bound: waiting writers answer 503 instead of queueing forever")
    func sqliteWriterHeld() async throws {
        try await withServer(.sqlite, configure: { $0.databaseTimeoutSeconds = 1 }) { client, components in
            let user = try await client.signIn()
            let vault = try await client.send(.post, "/knot/api/v1/vault", token: user.accessToken, json: validVaultPayload())
            #expect(vault.status == .created, "\(vault.text)")
            let holder = Task {
                try await components.database.transaction { db in
                    try await db.raw("SELECT 1 AS held").run()
                    try await Task.sleep(for: .seconds(3))
                }
            }
            try await Task.sleep(for: .milliseconds(200))
            let blocked = try await Self.timed { try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "while held"]) }
            Self.expectUnavailable(blocked, "POST while the writer is held")
            try await holder.value
            #expect(try await client.send(.post, "/knot/api/v1/hints", token: user.accessToken, json: ["hint_text": "after"]).status == .created)
        }
    }
}
