import Foundation
import TestSupport
import Testing

/// The built `farelens` executable against the real server on a socket.
@Suite("farelens command-line client", .serialized, .timeLimit(.minutes(3)))
struct FareLensCLITests {
    static var executable: URL { ChildProcess.built("farelens") }

    @Test func loginMeTierLogout() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("farelens-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = folder.appendingPathComponent("session.json").path
        let farelens: @Sendable ([String]) async throws -> ProcessRun = { arguments in
            try await ChildProcess.run(Self.executable, arguments, environment: ["FARELENS_SESSION_FILE": session], removing: ["FARELENS_SERVER"])
        }
        try await withLiveServer(.sqlite) { baseURL, _ in
            var run = try await farelens(["me"])
            #expect(run.status == 4 && run.stderr.contains("you are not signed in"), "\(run)")
            run = try await farelens(["login", "--server", baseURL.absoluteString, "--email", "fl-\(UUID().uuidString.prefix(8))@example.com"])
            #expect(run.status == 0, "\(run)")
            run = try await farelens(["me"])
            #expect(run.status == 0 && run.stdout.contains("Tier:               free") && run.stdout.contains("Watchlists:         up to 2"), "\(run)")
            run = try await farelens(["tier", "pro", "--json"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains(#""tier" : "pro""#) || run.stdout.contains(#""tier":"pro""#), "\(run)")
            run = try await farelens(["tier", "gold"])
            #expect(run.status == 5 && run.stderr.contains("tier"), "\(run)")
            run = try await farelens(["logout"])
            #expect(run.status == 0, "\(run)")
        }
    }
}
