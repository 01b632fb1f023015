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
