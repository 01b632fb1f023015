import NIOCore
import NIOPosix
import Synchronization

/// Deadlines for database operations, checked by one coarse timer instead of a timer each.
///
/// Every bounded operation needs a deadline, and almost none reaches it. An event-loop timer per
/// operation is scheduled from a thread of Swift's pool, which takes the loop's lock and wakes the
/// loop (a write to its eventfd and a context switch), and is cancelled the same way a moment
/// later: about a tenth of the server's CPU on the PostgreSQL hints read (issue 13). Here a
/// deadline is an entry in a locked dictionary; one timer, armed only while entries exist, fires
/// every ``granularity`` and runs the actions whose deadline has passed. An action runs at most
/// ``granularity`` late — the bounds are seconds.
final class DeadlineSweeper: Sendable {
    static let shared = DeadlineSweeper()

    let granularity: TimeAmount
    private let eventLoop: any EventLoop

    private struct Entry {
        let deadline: NIODeadline
        let action: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        var armed = false
    }

    private let state = Mutex(State())

    init(granularity: TimeAmount = .milliseconds(50), eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()) {
        self.granularity = granularity
        self.eventLoop = eventLoop
    }

    /// A deadline that has not passed or been cancelled.
    struct Token: Sendable {
        fileprivate let id: UInt64
        fileprivate let sweeper: DeadlineSweeper

        /// The action will not run (if it has not already).
        func cancel() { sweeper.cancel(id) }
    }

    /// Runs `action` once `delay` has passed, unless the returned token is cancelled first.
    func schedule(in delay: TimeAmount, _ action: @escaping @Sendable () -> Void) -> Token {
        let (id, arm) = state.withLock { state -> (UInt64, Bool) in
            state.nextID &+= 1
            state.entries[state.nextID] = Entry(deadline: .now() + delay, action: action)
            defer { state.armed = true }
            return (state.nextID, !state.armed)
        }
        if arm { armTimer() }
        return Token(id: id, sweeper: self)
    }

    /// Deadlines neither passed nor cancelled (for tests).
    var pendingCount: Int { state.withLock { $0.entries.count } }

    private func cancel(_ id: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    private func armTimer() {
        eventLoop.scheduleTask(in: granularity) { self.sweep() }
    }

    /// Runs (outside the lock) the actions that are due; re-arms while entries remain.
    private func sweep() {
        let now = NIODeadline.now()
        let (due, rearm) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
            let dueIDs = state.entries.compactMap { $0.value.deadline <= now ? $0.key : nil }
            let due = dueIDs.compactMap { state.entries.removeValue(forKey: $0)?.action }
            state.armed = !state.entries.isEmpty
            return (due, state.armed)
        }
        if rearm { armTimer() }
        for action in due { action() }
    }
}
