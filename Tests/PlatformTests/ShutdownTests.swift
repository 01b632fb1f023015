import AsyncHTTPTransport
import Foundation
import Synchronization
import TestSupport
import Testing

import struct ClientCore.HTTPRequestData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `server` executable, stopped with SIGTERM while its PostgreSQL hangs (frozen: sockets
/// open, nothing answers) and requests are stuck on it: it exits within SHUTDOWN_TIMEOUT_SECONDS
/// (plus the watchdog's two seconds), instead of waiting on the database until someone sends SIGKILL.
@Suite("Bounded shutdown", .timeLimit(.minutes(2)))

struct ShutdownTests {
    static var serverExecutable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("server").path), folder.pathComponents.count > 2, folder.lastPathComponent != "debug" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("server")
    }

    @Test("SIGTERM with the database hanging and requests stuck on it: the process exits within the bound")
    func sigtermWithHungDatabase() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.serverExecutable.path), "build the package first: \(Self.serverExecutable.path)")
        try await withPrivatePostgres { postgres in
            let folder = makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let port = Int.random(in: 20_000...30_000)
            let process = Process()
            process.executableURL = Self.serverExecutable
            process.arguments = ["serve", "--env-file", folder.appendingPathComponent("none.env").path]
            var environment = ProcessInfo.processInfo.environment
            environment["DATABASE_URL"] = postgres.url
            environment["PORT"] = String(port)
            environment["DATA_DIR"] = folder.path
            environment["EMBEDDER"] = "hashing"
            environment["SHUTDOWN_TIMEOUT_SECONDS"] = "3"
            environment["DATABASE_TIMEOUT_SECONDS"] = "30"  // so requests in flight really are stuck on the hung database
            environment["LOG_LEVEL"] = "info"
            process.environment = environment
            let log = folder.appendingPathComponent("server.log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            let exited = Mutex<ContinuousClock.Instant?>(nil)
            process.terminationHandler = { _ in exited.withLock { $0 = .now } }
            try process.run()
            defer {
                if process.isRunning { process.interrupt(); kill(process.processIdentifier, SIGKILL) }
            }
            let base = URL(string: "http://127.0.0.1:\(port)")!
            let up = try await eventually(within: .seconds(60), every: .milliseconds(200)) {
                (try? await AsyncHTTPClientTransport().send(HTTPRequestData(method: "GET", url: base.appendingPathComponent("health"))))
                    .map { $0.status == 200 } ?? false
            }
            #expect(up, "the server did not start: \(String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))")

            try await postgres.freeze()
            // Requests that will sit on the hung database when the signal arrives.
            for _ in 0..<4 {
                Task { _ = try? await AsyncHTTPClientTransport().send(HTTPRequestData(method: "GET", url: base.appendingPathComponent("health"))) }
            }
            try await Task.sleep(for: .milliseconds(500))
            let signalled = ContinuousClock.now
            kill(process.processIdentifier, SIGTERM)
            _ = try await eventually(within: .seconds(15), every: .milliseconds(50)) { exited.withLock { $0 } != nil }
            let exitedAt = try #require(exited.withLock { $0 }, "the server was still running 15 s after SIGTERM")
            let elapsed = signalled.duration(to: exitedAt)
            // The documented bound: SHUTDOWN_TIMEOUT_SECONDS, then at most 2 s more (the watchdog);
            // one more second for this test to notice. Without BoundedShutdown it takes 30 s here.
            #expect(elapsed < .seconds(3 + 2 + 1), "the server took \(elapsed) to exit after SIGTERM")
        }
    }
}
