import Foundation
import Logging
import Observability
import Persistence
import PlatformCore
import ServiceLifecycle

/// The handlers of one batch that are running, so the lease heartbeat can cancel those whose lease
/// this runner no longer holds (and the runner then records nothing for them).
final class RunningHandlers: Sendable {
    private let state = LockedValue<(tasks: [JobID: Task<JobOutcome, any Error>], lost: Set<JobID>)>(([:], []))

    func add(_ id: JobID, _ task: Task<JobOutcome, any Error>) { state.withLock { $0.tasks[id] = task } }
    func remove(_ id: JobID) { state.withLock { _ = $0.tasks.removeValue(forKey: id) } }
    func lost(_ id: JobID) -> Bool { state.withLock { $0.lost.contains(id) } }

    /// Cancels every running handler whose job is not in `held`.
    func cancel(except held: Set<JobID>, logger: Logger) {
        let cancelled = state.withLock { state -> [(JobID, Task<JobOutcome, any Error>)] in
            let gone = state.tasks.filter { !held.contains($0.key) && !state.lost.contains($0.key) }
            state.lost.formUnion(gone.map(\.key))
            return gone.map { ($0.key, $0.value) }
        }
        for (id, task) in cancelled {
            logger.warning("job lease lost while its handler ran; handler cancelled (the instance that took it over runs it)", metadata: ["job": "\(id)"])
            task.cancel()
        }
    }
}
