import AsyncHTTPTransport
import Foundation
import KnotAPI
import KnotTestSupport
import PlatformAPI
import Synchronization
import TestSupport
import Testing

import struct ClientCore.HTTPRequestData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `scripts/cluster` as an operator uses it: two instances of the built `server` behind nginx on one
/// PostgreSQL, a rolling restart under a light load of retried idempotent requests (every request
/// succeeds, no duplicate rows, both instances served), then a crashed instance (SIGKILL) that
/// clients do not notice. Runs in scripts/test's multi-instance phase, not beside the main suites.
@Suite("Cluster script", .timeLimit(.minutes(5)))
struct ClusterScriptTests {
    static let script = PrivatePostgres.repositoryRoot.appendingPathComponent("scripts/cluster")
    static let port = 8390

    /// The script with the test's state folder and ports (distinct from the suite's PostgreSQL and the default cluster's).
    static func cluster(_ arguments: [String], state: URL) async throws -> ProcessRun {
        try await ChildProcess.run(
            script, arguments,
            environment: [
                "CLUSTER_DIR": state.path, "CLUSTER_PORT": String(port), "CLUSTER_BASE_PORT": String(port), "CLUSTER_PG_PORT": "54359",
                "CLUSTER_SERVER_BIN": ChildProcess.built("server").path, "EMBEDDER": "hashing", "LOG_LEVEL": "warning",
            ])
    }

    @Test("rolling restart and a killed instance under load: every request succeeds once, both instances serve")
    func rollingRestartUnderLoad() async throws {
        let state = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let started = try await Self.cluster(["start", "2"], state: state)
        do {
            try #require(started.status == 0, "\(started)")
            try await exercise(state: state, started: started)
        } catch {
            _ = try? await Self.cluster(["stop"], state: state)
            throw error
        }
        let stopped = try await Self.cluster(["stop"], state: state)
        #expect(stopped.status == 0, "\(stopped)")
        let again = try await Self.cluster(["status"], state: state)
        #expect(again.stdout.contains("not running"), "\(again)")
    }

    /// The load during `rolling`, then `kill 1`.
    func exercise(state: URL, started: ProcessRun) async throws {
        #expect(started.stdout.contains("http://127.0.0.1:\(Self.port)"))
        let base = URL(string: "http://127.0.0.1:\(Self.port)")!
        let tokens = try JSONDecoder().decode(
            TokenPair.self, from: try await RetryingClient(base: base).send(KnotRoutes.platform.devSignIn.endpoint, body: AuthRequests.DevSignIn(email: "cluster@example.com")))
        let client = RetryingClient(base: base, token: tokens.accessToken)
        _ = try await client.send(KnotRoutes.createVault.endpoint, bodyData: try JSONSerialization.data(withJSONObject: validVaultPayload()), idempotencyKey: nil)

        // A light load (two workers, each POST with its own Idempotency-Key, then a GET) while every instance restarts in turn.
        let progress = LoadProgress()
        let load = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<2 {
                    group.addTask {
                        var n = 0
                        while !progress.stop.load(ordering: .relaxed) {
                            _ = try await client.send(
                                KnotRoutes.addHint.endpoint, body: NewHint(hintText: "hint \(worker)-\(n) about hiking"), idempotencyKey: "w\(worker)-\(n)")
                            progress.created.add(1, ordering: .relaxed)
                            _ = try await client.send(KnotRoutes.hints.endpoint)
                            n += 1
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let rolling = try await Self.cluster(["rolling"], state: state)
        progress.stop.store(true, ordering: .relaxed)
        try await load.value
        #expect(rolling.status == 0, "\(rolling)")
        let page = try JSONDecoder().decode(HintTotal.self, from: try await client.send(KnotRoutes.hints.endpoint))
        #expect(progress.created.load(ordering: .relaxed) > 10, "the load ran during the rolling restart")
        #expect(page.total == progress.created.load(ordering: .relaxed), "one row per idempotent POST, retries included")
        let access = try String(contentsOf: state.appendingPathComponent("nginx/logs/access.log"), encoding: .utf8)
        for instance in 1...2 {
            #expect(access.split(separator: "\n").contains { $0.contains("hints") && $0.contains("upstream=127.0.0.1:\(Self.port + instance)") }, "instance \(instance) served")
        }

        // A crash: instance 1 is gone without a drain; requests still succeed through instance 2.
        let killed = try await Self.cluster(["kill", "1"], state: state)
        #expect(killed.status == 0, "\(killed)")
        for n in 0..<10 {
            _ = try await client.send(KnotRoutes.addHint.endpoint, body: NewHint(hintText: "after the crash \(n)"), idempotencyKey: "k\(n)")
        }
        let after = try JSONDecoder().decode(HintTotal.self, from: try await client.send(KnotRoutes.hints.endpoint))
        #expect(after.total == progress.created.load(ordering: .relaxed) + 10)
        let status = try await Self.cluster(["status"], state: state)
        #expect(status.stdout.contains("dead"), "\(status)")
    }
}

/// A client that retries what a load balancer in front of restarting instances may answer: a
/// dropped connection, 502/503, and 409 for an Idempotency-Key whose first request is still running.
/// Gives up after 30 s per request.
final class RetryingClient: Sendable {
    let base: URL
    let transport = AsyncHTTPClientTransport(timeout: 10)
    let token: String?

    init(base: URL, token: String? = nil) {
        self.base = base
        self.token = token
    }

    func send(_ endpoint: Endpoint, idempotencyKey: String? = nil) async throws -> Data {
        try await send(endpoint, bodyData: nil, idempotencyKey: idempotencyKey)
    }

    func send<Body: Encodable>(_ endpoint: Endpoint, body: Body, idempotencyKey: String? = nil) async throws -> Data {
        try await send(endpoint, bodyData: try JSONEncoder().encode(body), idempotencyKey: idempotencyKey)
    }

    func send(_ endpoint: Endpoint, bodyData: Data?, idempotencyKey: String?) async throws -> Data {
        var request = HTTPRequestData(method: endpoint.method.rawValue, url: URL(string: base.absoluteString + endpoint.path)!, body: bodyData)
        if bodyData != nil { request.headers["Content-Type"] = "application/json" }
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let idempotencyKey { request.headers["Idempotency-Key"] = idempotencyKey }
        let deadline = ContinuousClock.now + .seconds(30)
        var last = "nothing"
        while ContinuousClock.now < deadline {
            do {
                let response = try await transport.send(request)
                let status = response.status
                if (200..<300).contains(status) { return response.body }
                last = "\(status) \(String(decoding: response.body, as: UTF8.self))"
                guard [409, 502, 503].contains(status) else { break }
            } catch {
                last = "\(error)"
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ClusterRequestFailed(description: "\(endpoint): \(last)")
    }
}

/// What the load workers share with the test: when to stop, and how many creates succeeded.
final class LoadProgress: Sendable {
    let stop = Atomic<Bool>(false)
    let created = Atomic<Int>(0)
}

/// The row count of a hint page (`total`).
struct HintTotal: Decodable {
    var total: Int
}

struct ClusterRequestFailed: Error, CustomStringConvertible {
    var description: String
}
