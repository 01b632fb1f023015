import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spinner on standard error while `body` runs — only when standard error is a terminal, so
/// scripts and `--json` output stay clean.
@MainActor
public func withProgress<T: Sendable>(_ message: String, _ body: () async throws -> T) async throws -> T {
    guard isatty(2) == 1 else { return try await body() }
    let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    FileHandle.standardError.write(Data("\r\(frames[0]) \(message)…".utf8))
    let spinner = Task {
        var index = 1
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: 100_000_000)
            if Task.isCancelled { break }
            FileHandle.standardError.write(Data("\r\(frames[index % frames.count]) \(message)…".utf8))
            index += 1
        }
    }
    defer {
        spinner.cancel()
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
    return try await body()
}
