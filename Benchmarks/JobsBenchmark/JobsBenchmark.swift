import Foundation
import Jobs
import Logging
import Persistence
import PlatformCore

/// Measures the durable job queue: bulk-enqueueing 100,000 jobs, draining them (dispatch
/// throughput), and the dispatch lag (claim time − `run_at`) of a steady stream of jobs coming due
/// at a fixed rate. Runs on SQLite, and on PostgreSQL when `--postgres URL` (or TEST_POSTGRES_URL)
/// is given. Run with `swift run -c release jobs-benchmark [--jobs N] [--rate R] [--postgres URL]`.
@main
enum JobsBenchmark {
    static func main() async throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...index + 1) }
            return arguments[index + 1]
        }
        let count = option("--jobs").flatMap(Int.init) ?? 100_000
        let rate = option("--rate").flatMap(Double.init) ?? 1000
        let postgresURL = option("--postgres") ?? ProcessInfo.processInfo.environment["TEST_POSTGRES_URL"]
        var logger = Logger(label: "bench")
        logger.logLevel = .error

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try await SQLiteStore.open(path: folder.appendingPathComponent("jobs.sqlite").path, logger: logger)
        try await run(on: sqlite, name: "SQLite", count: count, rate: rate, logger: logger)
        await sqlite.close()

        if let postgresURL {
            let postgres = try PostgresStore(url: postgresURL, maxConnections: 10, logger: logger)
            let runner = Task { try await postgres.run() }
            try await run(on: postgres, name: "PostgreSQL", count: count, rate: rate, logger: logger)
            runner.cancel()
        } else {
            print("PostgreSQL: skipped (pass --postgres URL or set TEST_POSTGRES_URL; scripts/pg start prints one)")
        }
    }

    /// Empties the table; on PostgreSQL also vacuums it, so one phase's dead rows do not slow the next
    /// (autovacuum does this in a long-running deployment).
    static func reset(_ store: any Database) async throws {
        try await store.transaction { try await $0.raw("DELETE FROM jobs").run() }
        if store.kind == .postgres { try await store.read { try await $0.raw("VACUUM ANALYZE jobs").run() } }
    }

    static func run(on store: any Database, name: String, count: Int, rate: Double, logger: Logger) async throws {
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, JobSchema.migrations], logger: logger)
        try await reset(store)
        let clock = SystemTime()
        let queue = JobQueue(database: store, clock: clock)
        let lags = LockedValue<[Double]>([])
        let scheduler = JobScheduler(
            queue: queue, clock: clock, configuration: .init(owner: "bench", batchSize: 128, concurrency: 16, pollInterval: .milliseconds(20)), logger: logger)
        scheduler.register("bench") { job in
            let lag = Date().timeIntervalSince(job.runAt)
            lags.withLock { $0.append(lag) }
            return .completed
        }

        // 1. Enqueue everything due now, then drain it.
        let now = Date()
        let jobs = (0..<count).map { NewJob(kind: "bench", payload: #"{"n":\#($0)}"#, runAt: now, idempotencyKey: "bench-\($0)") }
        var started = Date()
        try await queue.enqueue(jobs)
        let enqueueSeconds = Date().timeIntervalSince(started)
        started = Date()
        try await scheduler.drain(maxBatches: .max)
        let drainSeconds = Date().timeIntervalSince(started)
        let done = lags.value.count
        print(
            String(
                format: "%@: enqueue %d jobs %.2f s (%.0f/s); drain %.2f s (%.0f jobs/s)", name, count, enqueueSeconds, Double(count) / enqueueSeconds, drainSeconds,
                Double(done) / drainSeconds))

        // 2. A steady stream: `count` jobs coming due at `rate` per second while the scheduler runs.
        try await reset(store)
        lags.value = []
        let streamStart = Date().addingTimeInterval(2)
        let stream = (0..<count).map { NewJob(kind: "bench", payload: "{}", runAt: streamStart.addingTimeInterval(Double($0) / rate)) }
        try await queue.enqueue(stream)
        let service = Task { try await scheduler.run() }
        while lags.value.count < count {
            try await Task.sleep(for: .milliseconds(200))
        }
        service.cancel()
        let sorted = lags.value.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000 }
        print(
            String(
                format: "%@: steady stream of %d jobs at %.0f/s: dispatch lag p50 %.1f ms, p99 %.1f ms, max %.1f ms", name, count, rate, percentile(0.5), percentile(0.99),
                (sorted.last ?? 0) * 1000))
    }
}
