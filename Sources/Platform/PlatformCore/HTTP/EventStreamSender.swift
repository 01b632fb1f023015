import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PlatformAPI
import ServiceLifecycle

/// What an ``EventStream`` producer sends events through.
public struct EventStreamSender: Sendable {
    let continuation: AsyncStream<EventStream.Item>.Continuation

    /// Writes `event` and returns once the connection has taken it; throws when the client is gone
    /// (or the producer was cancelled).
    public func send(_ event: ServerSentEvent) async throws {
        try Task.checkCancellation()
        try await withCheckedThrowingContinuation { (written: CheckedContinuation<Void, any Error>) in
            if case .terminated = continuation.yield(.event(event, written)) {
                written.resume(throwing: CancellationError())
            }
        }
    }
}
