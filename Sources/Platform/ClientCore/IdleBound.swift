import Foundation
import PlatformAPI

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
