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
    /// inherited variables to drop), feeding `input` to standard input. Input and output go through
    /// files, so a chatty child never blocks on a full pipe, and no Swift concurrency thread waits
    /// while it runs (a thread of its own waits for the child).
    ///
    /// Spawned with `posix_spawn`, not Foundation's `Process`: on Linux (swift-corelibs-foundation of
    /// Swift 6.3) `Process.run()` reads 256 bytes of each `/proc/self/fd` entry's name however short
    /// the entry is, and crashes when one sits at the end of `readdir`'s buffer (fixed upstream in
    /// swift-corelibs-foundation#5472) — it did, once, in a clean CI run. The child gets only its
    /// three standard descriptors, as `Process` arranged.
    public static func run(
        _ program: URL, _ arguments: [String], environment extra: [String: String] = [:], removing: [String] = [], input: String = ""
    ) async throws -> ProcessRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inURL = folder.appendingPathComponent("stdin")
        let outURL = folder.appendingPathComponent("stdout"), errURL = folder.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inURL)
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "132"
        environment["TZ"] = "UTC"
        for name in removing { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inURL.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        Self.closeFrom3(&actions)
        let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program.path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(program.path): \(String(cString: strerror(spawned)))"])
        }
        let child = pid
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread {
                var raw: Int32 = 0
                while waitpid(child, &raw, 0) == -1 && errno == EINTR {}
                // Exited: its code; killed by a signal: the signal's number (as Process reports it).
                continuation.resume(returning: raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f)
            }.start()
        }
        return ProcessRun(status: status, stdout: try String(contentsOf: outURL, encoding: .utf8), stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+; not in Swift's Glibc module),
    /// looked up at run time: the child closes every descriptor from 3 up.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
}
