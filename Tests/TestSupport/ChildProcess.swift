import Foundation

/// What one run of a program did: its exit status and its output.
public struct ProcessRun: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs built executables (the apps' command-line clients) the way a user would, for tests.
public enum ChildProcess {
    /// The executable `name` built next to the test bundle (`.build/<triple>/debug/`; on macOS the
    /// runner sits inside the .xctest bundle).
    public static func built(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.pathComponents.count > 2, folder.lastPathComponent != "debug" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// Runs `program` with `arguments` (`COLUMNS=132`, `TZ=UTC`, plus `environment`; `removing` names
    /// inherited variables to drop), feeding `input` to standard input. Output goes to files, so a
    /// chatty child never blocks on a full pipe, and no Swift concurrency thread waits while it runs.
    public static func run(
        _ program: URL, _ arguments: [String], environment extra: [String: String] = [:], removing: [String] = [], input: String = ""
    ) async throws -> ProcessRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "132"
        environment["TZ"] = "UTC"
        for name in removing { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        process.environment = environment
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                stdin.fileHandleForWriting.write(Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        return ProcessRun(status: status, stdout: try String(contentsOf: outURL, encoding: .utf8), stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
