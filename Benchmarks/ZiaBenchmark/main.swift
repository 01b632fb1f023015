import AppServer
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PlatformCore
import Synchronization
import ZiaAPI
import ZiaAssistant

/// Measures Zia's assistant as a client sees it: the zero-config server (SQLite, offline models,
/// hashing embedder unless `--minilm`) started in this process on 127.0.0.1, a signed-in user with a
/// household (two kids, a peanut allergy), and `POST /zia/v1/assist/stream` read over a socket.
/// Prints the time to the first `token` event and to `done` (p50/p95) for sequential meal plans,
/// then the same for 100 streams held open at once.
///
/// Run with `swift run -c release zia-benchmark [runs] [concurrent]` (defaults 200 and 100);
/// `zia-benchmark pantry [rounds]` measures pantry matching and consolidation instead (``PantryBenchmark``).
@main
enum ZiaBenchmark {
    static func main() async throws {
        if CommandLine.arguments.dropFirst().first == "pantry" {
            return PantryBenchmark.run(rounds: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 10_000)
        }
        let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200
        let concurrent = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 100
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zia-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = 8097
        var configuration = ServerConfiguration()
        configuration.dataDirectory = folder.path
        configuration.port = port
        configuration.host = "127.0.0.1"
        configuration.logLevel = .error
        configuration.vectorBackfillSeconds = 0
        configuration.jobsEnabled = false
        configuration.embedder = CommandLine.arguments.contains("--minilm") ? .minilm : .hashing
        configuration.apps = [.zia]
        // The benchmark is one client address and one user: lift the per-minute limits and the quota.
        configuration.appOverrides = [
            "ZIA_ASSIST_PER_ADDRESS_PER_MINUTE": "100000", "ZIA_ASSIST_PER_USER_PER_MINUTE": "100000", "ZIA_ASSIST_MONTHLY_QUOTA": "1000000",
        ]
        let server = try await buildServer(configuration: configuration)
        let running = Task { try await server.application.runService() }
        defer { running.cancel() }
        let base = "http://127.0.0.1:\(port)"
        var clientConfiguration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(60)))
        // One connection per stream: the default pool of 8 would queue the concurrent streams instead of holding them open.
        clientConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(concurrent, 8)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
        do {
            try await measure(client, base: base, runs: runs, concurrent: concurrent)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    static func measure(_ client: HTTPClient, base: String, runs: Int, concurrent: Int) async throws {
        try await waitUntilUp(client, base: base)

        let token = try await signIn(client, base: base)
        try await post(client, "\(base)/zia/v1/households/upsert", token: token, body: Self.household)

        for _ in 0..<10 { _ = try await stream(client, base: base, token: token) }  // warm-up: the corpus index, caches
        var firstTokens: [Double] = [], dones: [Double] = []
        for _ in 0..<runs {
            let sample = try await stream(client, base: base, token: token)
            firstTokens.append(sample.firstToken)
            dones.append(sample.done)
        }
        report("sequential, \(runs) meal plans", firstTokens: firstTokens, dones: dones)

        let open = OpenStreams()
        let samples = try await withThrowingTaskGroup(of: Sample.self) { group in
            for _ in 0..<concurrent { group.addTask { try await stream(client, base: base, token: token, open: open) } }
            return try await group.reduce(into: [Sample]()) { $0.append($1) }
        }
        report("\(concurrent) streams at once (\(open.peak) open together)", firstTokens: samples.map(\.firstToken), dones: samples.map(\.done))
    }

    struct Sample: Sendable {
        var firstToken: Double
        var done: Double
    }

    static func report(_ title: String, firstTokens: [Double], dones: [Double]) {
        func percentile(_ values: [Double], _ share: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
        }
        print(
            String(
                format: "%@: first token p50 %.1f ms, p95 %.1f ms; done p50 %.1f ms, p95 %.1f ms", title, percentile(firstTokens, 0.5), percentile(firstTokens, 0.95),
                percentile(dones, 0.5), percentile(dones, 0.95)))
    }

    /// One streamed meal plan: milliseconds from sending the request to the first `token` event and to `done`.
    /// How many streams have answered their headers and not yet ended, and the most at once.
    final class OpenStreams: Sendable {
        private let counts = Mutex((now: 0, peak: 0))
        var peak: Int { counts.withLock { $0.peak } }
        func opened() {
            counts.withLock {
                $0.now += 1; $0.peak = max($0.peak, $0.now)
            }
        }
        func closed() { counts.withLock { $0.now -= 1 } }
    }

    static func stream(_ client: HTTPClient, base: String, token: String, open: OpenStreams? = nil) async throws -> Sample {
        var request = HTTPClientRequest(url: "\(base)/zia/v1/assist/stream")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"goal":"Plan a week of kid-friendly dinners","mode":"meals"}"#))
        let start = ContinuousClock.now
        let response = try await client.execute(request, timeout: .seconds(60))
        guard response.status == .ok else { throw Failure("assist/stream answered \(response.status)") }
        open?.opened()
        defer { open?.closed() }
        var text = ""
        var firstToken: Double?
        var sawFinal = false
        for try await chunk in response.body {
            // Each chunk is searched with the few characters before it (a marker split across two
            // chunks), never the whole text again: the client's own work stays linear in the stream.
            let piece = String(buffer: chunk)
            let window = String(text.suffix(16)) + piece
            text += piece
            if firstToken == nil, window.contains("event: token\n") { firstToken = milliseconds(since: start) }
            sawFinal = sawFinal || window.contains("event: final\n")
            if window.contains("event: done\n") {
                guard sawFinal else { throw Failure("a stream ended without a final event:\n\(text.prefix(2000))") }
                return Sample(firstToken: firstToken ?? milliseconds(since: start), done: milliseconds(since: start))
            }
        }
        throw Failure("a stream closed before done:\n\(text.prefix(2000))")
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    static func signIn(_ client: HTTPClient, base: String) async throws -> String {
        let body = try await post(client, "\(base)/zia/auth/dev", token: nil, body: #"{"email":"bench@example.com"}"#)
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any], let token = object["access_token"] as? String else {
            throw Failure("dev sign-in answered \(String(decoding: body, as: UTF8.self))")
        }
        return token
    }

    @discardableResult
    static func post(_ client: HTTPClient, _ url: String, token: String?, body: String) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await client.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(response.status.code) else { throw Failure("\(url) answered \(response.status): \(String(buffer: buffer))") }
        return Data(buffer: buffer)
    }

    static func waitUntilUp(_ client: HTTPClient, base: String) async throws {
        for _ in 0..<100 {
            if let response = try? await client.execute(HTTPClientRequest(url: "\(base)/health"), timeout: .seconds(2)), response.status == .ok { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure("the server did not come up on \(base)")
    }

    static let household = """
        {"adults":[{"name":"Me","role":"parent"}],"kids":[{"name":"Ava","age":4,"dietary_restrictions":[]},{"name":"Leo","age":7,"dietary_restrictions":["peanuts"]}],
         "allergies":["peanuts"],"cuisines":["italian","mexican"],"onboarding_completed":true,"onboarding_version":1}
        """

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// `zia-benchmark pantry [rounds]`: the pantry-aware list's pure logic, no server. Matching a
/// 200-item pantry against a 60-item list (``PantryMatcher``, index built each time, as a request
/// does; target under 1 ms) and consolidating a week's ingredients (7 dinners, about 70 lines, in
/// mixed units) with ``GroceryConsolidator``; prints p50/p95 of each in milliseconds.
enum PantryBenchmark {
    static func run(rounds: Int) {
        let words = [
            "tomato", "onion", "garlic", "basil", "chicken", "beef", "rice", "pasta", "milk", "cheese", "butter", "egg", "flour", "sugar", "carrot", "potato",
            "spinach", "salmon", "bread", "yogurt",
        ]
        let kinds = ["", "fresh ", "organic ", "sliced ", "whole "]
        let units = ["g", "kg", "ml", "cup", "tbsp", "piece", "oz", "lb"]
        let pantry = (0..<200).map { i in
            GroceryEntry(name: kinds[i % kinds.count] + words[i % words.count] + (i < words.count ? "" : " \(i)"), quantity: Double(i % 7 + 1) * 100, unit: units[i % 3])
        }
        let list = (0..<60).map { i in
            GroceryEntry(name: words[(i * 7) % words.count] + (i % 3 == 0 ? "es" : "") + (i % 4 == 0 ? " breast" : ""), quantity: Double(i % 5 + 1), unit: units[i % units.count])
        }
        let week = (0..<70).map { i in
            GroceryEntry(name: kinds[i % kinds.count] + words[i % words.count] + (i % 2 == 0 ? "s" : ""), quantity: Double(i % 9 + 1) / 3, unit: units[i % units.count])
        }
        let totals = GroceryConsolidator.totals(of: list)

        var matching: [Double] = []
        var consolidation: [Double] = []
        var removed = 0
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            removed &+= PantryMatcher(pantry: pantry).missing(from: totals).meta.itemsRemovedCount
            matching.append(milliseconds(since: start))
            let again = ContinuousClock.now
            removed &+= GroceryConsolidator.consolidate(week).aisles.count
            consolidation.append(milliseconds(since: again))
        }
        print(String(format: "pantry match 200 × 60: p50 %.3f ms  p95 %.3f ms (target < 1 ms)", percentile(matching, 0.5), percentile(matching, 0.95)))
        print(String(format: "consolidate a week (70 lines): p50 %.3f ms  p95 %.3f ms", percentile(consolidation, 0.5), percentile(consolidation, 0.95)))
        print("(checksum \(removed))")
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    static func percentile(_ values: [Double], _ share: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
    }
}
