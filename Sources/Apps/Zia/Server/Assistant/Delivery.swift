import AIProviders
import Foundation
import Hummingbird
import Logging
import Observability
import PlatformCore
import Synchronization
import ZiaAPI
import ZiaAssistant
import ZiaSafety

/// How a run's events reach the client: each numbered by the stream's ``AssistEventIDs``, and
/// whether one could not be handed to the connection: the client left. A run that fails because of
/// that was cancelled by the client, not an error of the run (the write's failure can arrive before
/// the task's cancellation does).
final class Delivery: Sendable {
    let ids: AssistEventIDs
    private let gone = Mutex(false)

    init(ids: AssistEventIDs) {
        self.ids = ids
    }

    var clientGone: Bool { gone.withLock { $0 } }

    func send(_ event: ServerSentEvent, through sender: EventStreamSender) async throws {
        do {
            try await sender.send(ids.stamp(event))
        } catch {
            gone.withLock { $0 = true }
            throw error
        }
    }
}
