import Foundation
import PlatformAPI
import PlatformCore
import Synchronization
import ZiaAPI
import ZiaAssistant

/// The `id:` of an assist stream's events, `<run_id>:<n>` with n counting from 1 in the order the
/// events are sent. Exists so a standard server-sent-events client that loses the stream reconnects
/// with `Last-Event-ID`, which the server answers with `stream_interrupted`. One per stream, shared by
/// the run's events and the stream's ending events.
final class AssistEventIDs: Sendable {
    let runID: RunID
    private let sent = Mutex(0)

    init(_ runID: RunID) {
        self.runID = runID
    }

    /// `event` with the stream's next id.
    func stamp(_ event: ServerSentEvent) -> ServerSentEvent {
        var event = event
        let number = sent.withLock {
            $0 += 1
            return $0
        }
        event.id = "\(runID):\(number)"
        return event
    }
}
