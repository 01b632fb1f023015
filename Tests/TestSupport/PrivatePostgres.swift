import AppServer
import Foundation
import Logging
import Persistence
import PlatformCore
import SQLKit
import TestFakes

/// A PostgreSQL server of a test's own (same binaries as the shared one, started by `scripts/pg` in a
/// temporary folder on a free port), for tests that stop, kill and restart the database under a
/// running server: doing that to the shared instance would break every test running alongside.
public final class PrivatePostgres: Sendable {
    public let root: URL
    public let port: Int
    public let url: String

    /// The repository checkout (where `scripts/pg` lives), found from this file's path.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private init(root: URL, port: Int) {
        self.root = root
        self.port = port
        url = "postgres://postgres@127.0.0.1:\(port)/outage?sslmode=disable"
    }

    /// Starts a fresh server; call ``remove()`` when done (also after a failure). Its port is below
    /// Linux's ephemeral range (32768–60999), so the sockets other tests open cannot take it, even
    /// while it is stopped for a restart; a port another private server holds is retried.
    public static func start() async throws -> PrivatePostgres {
        var attempt = 0
        while true {
            attempt += 1
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let server = PrivatePostgres(root: root, port: Int.random(in: 10_000...19_999))
            do {
                try await server.script("start")
                return server
            } catch {
                await server.remove()
                // Only a taken port is worth another try; any other failure (binaries, disk) is final.
                guard attempt < 5, "\(error)".contains("already in use") else { throw error }
            }
        }
    }

    public func start() async throws { try await script("start") }

    /// A clean shutdown (`pg_ctl stop -m fast`: sessions are ended, then the server stops).
    public func stop() async throws { try await script("stop") }

    /// Stops it as a crash would (`-m immediate`).
    public func kill() async throws { try await script("kill") }

    /// Freezes the server and every backend (SIGSTOP): connections stay open and accept bytes but
    /// nothing answers — a server that hangs rather than fails, the hardest case for a client.
    public func freeze() async throws { try await signalAll("STOP") }

    /// Lets a frozen server go on (SIGCONT).
    public func thaw() async throws { try await signalAll("CONT") }

    private func signalAll(_ signal: String) async throws {
        let pidFile = root.appendingPathComponent("data/postmaster.pid")
        guard let pid = (try? String(contentsOf: pidFile, encoding: .utf8))?.split(separator: "\n").first.flatMap({ Int($0) }) else {
            throw TestFailure("no postmaster.pid in \(root.path)")
        }
        try await run("/bin/sh", ["-c", "kill -\(signal) \(pid); pkill -\(signal) -P \(pid); true"])
    }

    /// Stops the server and deletes its files.
    public func remove() async {
        try? await thaw()
        try? await script("kill")
        try? FileManager.default.removeItem(at: root)
    }

    private func script(_ verb: String) async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PG_ROOT"] = root.path
        environment["PG_PORT"] = String(port)
        environment["PG_DATABASE"] = "outage"
        try await run(Self.repositoryRoot.appendingPathComponent("scripts/pg").path, [verb], environment: environment)
    }

    private func run(_ program: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        // A file, not a pipe: the postmaster pg_ctl starts inherits the descriptors and keeps them open,
        // so a pipe would never reach its end.
        let log = root.appendingPathComponent("command-\(UUID().uuidString.prefix(6)).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard status == 0 else { throw TestFailure("\(program) \(arguments.joined(separator: " ")) failed (\(status)): \(text)") }
    }
}

/// Ends every connection to `database` except its own, as a crashed or killed backend would, through
/// `admin` (a connection to the same server as another user). Returns how many were ended.
@discardableResult
public func terminateBackends(ofDatabase database: String, through admin: any Database) async throws -> Int {
    try await admin.read { db in
        try await db.raw(
            """
            SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE datname = \(bind: database) AND pid <> pg_backend_pid()
            """
        ).all().count
    }
}

/// A server running on a PostgreSQL of its own for the duration of `body`, which gets the
/// server and the PostgreSQL to stop, freeze and restart; the PostgreSQL is removed afterwards,
/// whatever happened.
public func withServerOnPrivatePostgres<T: Sendable>(
    configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
    _ body: @escaping @Sendable (TestClient, ServerComponents, PrivatePostgres) async throws -> T
) async throws -> T {
    try await withPrivatePostgres { postgres in
        try await withServer(
            .postgres,
            configure: { configuration in
                configuration.databaseURL = postgres.url
                configure(&configuration)
            }
        ) { client, components in
            try await body(client, components, postgres)
        }
    }
}

/// A PostgreSQL of the test's own for the duration of `body`, removed afterwards whatever happened.
public func withPrivatePostgres<T: Sendable>(_ body: @Sendable (PrivatePostgres) async throws -> T) async throws -> T {
    let postgres = try await PrivatePostgres.start()
    do {
        let result = try await body(postgres)
        await postgres.remove()
        return result
    } catch {
        await postgres.remove()
        throw error
    }
}

/// The name of the database `database` is connected to.
public func currentDatabaseName(_ database: any Database) async throws -> String {
    try await database.read { db in
        try await db.raw("SELECT current_database() AS name").first()!.decode(column: "name", as: String.self)
    }
}

/// Ends every connection to a database again and again (every `interval`) until stopped: backends
/// dying under a running server, as crashes or an administrator would make them.
public final class BackendKiller: Sendable {
    private let stopped = LockedValue(false)
    private let task: LockedValue<Task<Int, Never>?> = LockedValue(nil)

    public init(database: String, through admin: any Database, every interval: Duration) {
        let stopped = stopped
        task.withLock {
            $0 = Task {
                var ended = 0
                while !stopped.value {
                    ended += (try? await terminateBackends(ofDatabase: database, through: admin)) ?? 0
                    try? await Task.sleep(for: interval)
                }
                return ended
            }
        }
    }

    /// Stops, returning how many backends were ended in all.
    public func stop() async -> Int {
        stopped.withLock { $0 = true }
        return await task.value?.value ?? 0
    }
}

/// An administrator connection to the shared test PostgreSQL for the duration of `body`.
public func withPostgresAdmin<T: Sendable>(_ body: @Sendable (any Database) async throws -> T) async throws -> T {
    let admin = try PostgresStore(url: try TestDatabase.postgresURL(), maxConnections: 2, operationTimeout: TestDatabase.operationTimeout, logger: Logger(label: "admin"))
    let runner = Task { try await admin.run() }
    defer { runner.cancel() }
    return try await body(admin)
}
