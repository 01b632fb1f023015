import Foundation
import PlatformAPI

/// The events of a `text/event-stream` body, parsed as its chunks arrive with PlatformAPI's
/// ``ServerSentEventParser`` (an event split anywhere, even inside a character, arrives whole). Exists
/// so every SDK reads streams one way; it ends when the body ends (an event whose blank line never
/// came is dropped, as the standard says) and throws what the body throws, e.g.
/// ``ClientError/offline(_:)`` when the connection breaks.
///
/// Iterate it once: cancelling the task that iterates, or dropping the sequence, cancels the request.
public struct ServerSentEvents: AsyncSequence, Sendable {
    public typealias Element = ServerSentEvent

    let chunks: AsyncThrowingStream<Data, any Error>

    public init(_ chunks: AsyncThrowingStream<Data, any Error>) {
        self.chunks = chunks
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator())
    }

    /// Reads chunks until the parser completes an event.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: AsyncThrowingStream<Data, any Error>.Iterator
        var parser = ServerSentEventParser()
        /// Events parsed and not yet returned, the next one last.
        var ready: [ServerSentEvent] = []
        var ended = false

        public mutating func next() async throws -> ServerSentEvent? {
            while ready.isEmpty {
                if ended { return nil }
                if let chunk = try await chunks.next() {
                    ready = parser.consume(chunk).reversed()
                } else {
                    ended = true
                    ready = parser.finish().reversed()
                }
            }
            return ready.popLast()
        }
    }
}

/// A bound on how long a streamed body may go without a chunk: past it the body ends with a
/// timeout (``ClientError/offline(_:)``, ``ClientError/isTimeout``) and the request is cancelled.
/// Exists so no reader of a stream waits forever on a server, a proxy or a transport that stopped
/// delivering (a completion URLSession never reported, a half-open connection), whatever the
/// transport's own timeouts do.
struct IdleBound: Sendable {
    let seconds: TimeInterval
    let server: String

    /// `source`'s chunks as they come, ended by a timeout after `seconds` without one. Cancelling or
    /// dropping the result stops the relay, and so the source (which cancels its request).
    func relay(_ source: AsyncThrowingStream<Data, any Error>) -> AsyncThrowingStream<Data, any Error> {
        let (relayed, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let lastChunk = LastArrival()
        let timeout = ClientError.offline("The server at \(server) \(ClientError.timeoutPhrase) (no byte of the stream for \(seconds) s).")
        let reader = Task {
            do {
                for try await chunk in source {
                    var terminated = false
                    let delivered = lastChunk.arrived {
                        if case .terminated = continuation.yield(chunk) { terminated = true }
                    }
                    if !delivered || terminated { return }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let bound = Duration.milliseconds(Int64(min(max(seconds, 0.001), 365 * 86_400) * 1_000))
        let watchdog = Task {
            while !Task.isCancelled {
                guard let left = lastChunk.expire(after: bound, { continuation.finish(throwing: timeout) }) else {
                    reader.cancel()
                    return
                }
                try? await Task.sleep(for: left)
            }
        }
        continuation.onTermination = { _ in
            reader.cancel()
            watchdog.cancel()
        }
        return relayed
    }
}

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
