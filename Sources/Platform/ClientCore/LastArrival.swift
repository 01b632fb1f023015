import Foundation
import PlatformAPI

/// When the last chunk of a stream arrived, and whether the stream was ended for its silence: one
/// lock around both, so a chunk arriving as the bound passes is either delivered or follows the end,
/// never delivered and then followed by a timeout.
final class LastArrival: @unchecked Sendable {
    // @unchecked Sendable: `last` and `expired` are only read or written while holding `lock`.
    private let lock = NSLock()
    private var last = ContinuousClock.now
    private var expired = false

    /// Marks an arrival and runs `deliver`, unless the stream already ended for its silence (false).
    func arrived(_ deliver: () -> Void) -> Bool {
        lock.withLock {
            guard !expired else { return false }
            last = .now
            deliver()
            return true
        }
    }

    /// Past `bound` since the last arrival: marks the stream ended, runs `end` and answers nil; else
    /// the time left.
    func expire(after bound: Duration, _ end: () -> Void) -> Duration? {
        lock.withLock {
            let quiet = ContinuousClock.now - last
            guard quiet >= bound else { return bound - quiet }
            expired = true
            end()
            return nil
        }
    }
}
