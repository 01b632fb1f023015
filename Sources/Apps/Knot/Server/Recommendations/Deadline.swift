import Foundation
import Hummingbird
import Logging
import PlatformCore

/// Runs work against a clock without waiting for it: work that outlives its deadline is cancelled
/// and left behind (a source or model that ignores cancellation cannot hold the answer back).
enum Deadline {
    /// `limit` seconds after `start`, minus the time elapsed since (negative once past).
    static func secondsLeft(_ limit: Double, since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return limit - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// `body`'s value, or nil when it has not finished within `seconds`.
    static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async -> T) async -> T? {
        guard seconds > 0 else { return nil }
        return await TimeLimit.value(within: .milliseconds(Int(seconds * 1000)), body)
    }

    /// Every job's outcome in job order — nil for a job still running after `seconds` — all run in
    /// parallel; answers as soon as every job has finished or the time is up.
    static func gather<T: Sendable>(_ jobs: [@Sendable () async throws -> T], within seconds: Double) async -> [Result<T, any Error>?] {
        guard !jobs.isEmpty else { return [] }
        let (stream, continuation) = AsyncStream.makeStream(of: (Int, Result<T, any Error>)?.self)
        let tasks = jobs.enumerated().map { index, job in
            Task {
                do { continuation.yield((index, .success(try await job()))) } catch { continuation.yield((index, .failure(error))) }
            }
        }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int(max(0, seconds) * 1000)))
            continuation.yield(nil)
        }
        var results = [Result<T, any Error>?](repeating: nil, count: jobs.count)
        var pending = jobs.count
        for await event in stream {
            guard let (index, result) = event else { break }
            results[index] = result
            pending -= 1
            if pending == 0 { break }
        }
        continuation.finish()
        tasks.forEach { $0.cancel() }
        timer.cancel()
        return results
    }
}
