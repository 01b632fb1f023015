import AppServer
import Foundation
import Jobs
import Logging
import Persistence
import PlatformCore
import SQLKit
import ServiceLifecycle
import TestSupport
import Testing

/// Start-up runs migrations before anything in the background queries: on the very first start in
/// an empty folder the job scheduler used to schedule its recurring jobs before the `jobs` table
/// existed (`no such table: jobs … could not schedule recurring job`).
@Suite("Start-up order", .timeLimit(.minutes(3)))
struct StartupOrderTests {
    @Test("first start on an empty database: no query before migrations, recurring jobs scheduled", arguments: TestDatabase.allCases)
    func firstStart(_ database: TestDatabase) async throws {
        let logs = CapturedLogs()
        try await withIsolatedServer(
            database,
            configure: { configuration in
                configuration.jobsEnabled = true
                configuration.jobPollMilliseconds = 20
                configuration.appOverrides["KNOT_FEEDBACK_ANALYSIS_HOURS"] = "24"
            }, dependencies: .init(logger: logs.logger(label: "server"))
        ) { _, components in
            let scheduled = try await eventually { try await components.scheduler.queue.hasActive(kind: JobScheduler.purgeKind, keyPrefix: "recurring:") }
            #expect(scheduled, "the recurring purge job was never scheduled")
            let failures = logs.records.filter { $0.level >= .warning }
            #expect(failures.isEmpty, "warnings at start-up: \(failures.map(\.allText))")
        }
    }

    @Test("the scheduler touches nothing until its start gate opens")
    func schedulerWaitsForGate() async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let logs = CapturedLogs()
        let store = try await SQLiteStore.open(
            path: folder.appendingPathComponent("gate.sqlite").path, operationTimeout: TestDatabase.operationTimeout, logger: Logger(label: "test"))
        let gate = ReadinessGate()
        let queue = JobQueue(database: store, clock: SystemTime())
        let scheduler = JobScheduler(queue: queue, clock: SystemTime(), configuration: .init(pollInterval: .milliseconds(10)), startAfter: gate, logger: logs.logger(label: "jobs"))
        scheduler.schedulePurge()
        let runner = Task { try await scheduler.run() }
        // No tables yet: any query the scheduler made would fail and be logged.
        try await Task.sleep(for: .milliseconds(300))
        #expect(logs.records.isEmpty, "the scheduler ran before the gate opened: \(logs.records.map(\.allText))")
        try await Migrator.migrate(store, sets: [PlatformSchema.migrations, JobSchema.migrations], logger: Logger(label: "test"))
        gate.open()
        let scheduled = try await eventually { try await queue.hasActive(kind: JobScheduler.purgeKind, keyPrefix: "recurring:") }
        runner.cancel()
        _ = try? await runner.value
        #expect(scheduled)
        #expect(logs.records.filter { $0.level >= .warning }.isEmpty)
        await store.close()
    }

    @Test("a background service waits for the gate, and ends without running when shutdown or cancellation comes first")
    func gateBeforeShutdown() async throws {
        let opened = ReadinessGate()
        let waiting = Task { await opened.openedBeforeShutdown() }
        opened.open()
        #expect(await waiting.value)

        let cancelled = Task { await ReadinessGate().openedBeforeShutdown() }
        cancelled.cancel()
        #expect(await cancelled.value == false)

        let outcome = LockedValue<Bool?>(nil)
        let service = GateWaiter(gate: ReadinessGate(), outcome: outcome)
        let group = ServiceGroup(configuration: .init(services: [service], logger: Logger(label: "gate")))
        let running = Task { try await group.run() }
        try await Task.sleep(for: .milliseconds(50))
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(outcome.value == false, "a shutdown before the gate opened ends the service: \(String(describing: outcome.value))")
    }

    /// A service that records whether its gate opened before shutdown.
    struct GateWaiter: Service {
        let gate: ReadinessGate
        let outcome: LockedValue<Bool?>
        func run() async throws { outcome.value = await gate.openedBeforeShutdown() }
    }
}
