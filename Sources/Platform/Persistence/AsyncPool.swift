import Foundation
import NIOCore
import NIOPosix
import PlatformCore
import Synchronization

/// A fixed set of resources handed out one borrower at a time; borrowers wait (without blocking a
/// thread) until one is free, but never longer than their deadline: a borrower still waiting then
/// leaves the queue and gets ``PlatformCore/DatabaseUnavailable``, so a stuck holder (a long write,
/// a locked file) cannot park callers forever. Used for SQLite connections, which must never be
/// shared mid-statement.
final class AsyncPool<Resource: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Resource, any Error>
    }

    private struct State {
        var available: [Resource]
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var isClosed = false
    }

    private let state: Mutex<State>
    let all: [Resource]

    init(_ resources: [Resource]) {
        precondition(!resources.isEmpty)
        all = resources
        state = Mutex(State(available: resources))
    }

    /// A free resource, waiting at most `timeout` for one.
    func acquire(timeout: Duration) async throws -> Resource {
        let ready = state.withLock { state -> Result<Resource, any Error>? in
            if state.isClosed { return .failure(Self.closedError) }
            return state.available.popLast().map { .success($0) }
        }
        if let ready { return try ready.get() }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        // Every queued writer under load has a deadline: a coarse one (``DeadlineSweeper``), cheaper
        // than a task sleeping or an event-loop timer per waiter.
        let timer = DeadlineSweeper.shared.schedule(in: .nanoseconds(timeout.nanoseconds)) {
            self.abandon(id, with: DatabaseUnavailable(reason: "no database connection became free within \(timeout)", retryAfterSeconds: timeout.retryAfterSeconds))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resource: Result<Resource, any Error>? = state.withLock { state in
                    if state.isClosed { return .failure(Self.closedError) }
                    if let resource = state.available.popLast() { return .success(resource) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let resource { continuation.resume(with: resource) }
            }
        } onCancel: {
            self.abandon(id, with: CancellationError())
        }
    }

    private static var closedError: DatabaseUnavailable { DatabaseUnavailable(reason: "the database is closed") }

    /// Stops lending (waiting and later borrowers get ``PlatformCore/DatabaseUnavailable``) and waits,
    /// at most `timeout`, for the borrowed resources to come back. Returns the resources that are
    /// back, now nobody's, to be disposed of; one still borrowed at the deadline (an operation stuck
    /// past it) is left alone, since closing it under its borrower would crash the process.
    func close(timeout: Duration) async -> [Resource] {
        let (waiters, alreadyClosed) = state.withLock { state -> ([Waiter], Bool) in
            defer {
                state.isClosed = true
                state.waiters = []
            }
            return (state.waiters, state.isClosed)
        }
        if alreadyClosed { return [] }  // the first close disposed of them
        for waiter in waiters { waiter.continuation.resume(throwing: Self.closedError) }
        // Detached: a caller already cancelled (a shutdown after a failed start) would make every
        // sleep return at once and this loop spin.
        await Task.detached { [self] in
            let start = ContinuousClock.now
            while state.withLock({ $0.available.count }) < all.count, start.duration(to: .now) < timeout {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }.value
        return state.withLock { state in
            defer { state.available = [] }
            return state.available
        }
    }

    /// Fails the waiter `id` if it is still waiting.
    private func abandon(_ id: UInt64, with error: any Error) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(throwing: error)
    }

    func release(_ resource: Resource) {
        let waiter: Waiter? = state.withLock { state in
            if state.waiters.isEmpty {
                state.available.append(resource)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.continuation.resume(returning: resource)
    }

    /// Runs `body` with a resource, waiting at most `timeout` for one; `body` learns how much of
    /// the timeout is left. Inlined into its callers, whose pools are of a known resource type, so
    /// the pool's own work is specialized for it (generic, it looked up type metadata on every
    /// borrow: issue 13).
    @inline(__always)
    func with<T>(timeout: Duration, _ body: (Resource, _ remaining: Duration) async throws -> T) async throws -> T {
        let start = ContinuousClock.now
        let resource = try await acquire(timeout: timeout)
        do {
            let result = try await body(resource, timeout - start.duration(to: .now))
            release(resource)
            return result
        } catch {
            release(resource)
            throw error
        }
    }
}
