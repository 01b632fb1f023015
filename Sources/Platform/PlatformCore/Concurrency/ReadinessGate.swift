import ServiceLifecycle
import Synchronization

/// A one-way gate: tasks wait until it is opened, once, by whoever knows the moment has come. The
/// server opens one when migrations have finished, so background services (the job scheduler) that
/// start alongside the HTTP server never touch tables that do not exist yet.
public final class ReadinessGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextID: UInt64 = 0
    }

    private enum WaitAction { case proceed, cancel, wait }

    private let state = Mutex(State())

    public init() {}

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the gate and lets every waiter through.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open; throws `CancellationError` if the task is cancelled first.
    public func wait() async throws {
        if isOpen { return }
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let action = state.withLock { state -> WaitAction in
                    if state.isOpen { return .proceed }
                    if Task.isCancelled { return .cancel }
                    state.waiters[id] = continuation
                    return .wait
                }
                switch action {
                case .proceed: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}

extension ReadinessGate {
    /// What a background service does before its first query: waits until the gate is open, and
    /// answers false when the service is cancelled or the server begins a graceful shutdown first
    /// (then the service ends without ever having run).
    public func openedBeforeShutdown() async -> Bool {
        do {
            try await cancelWhenGracefulShutdown { try await self.wait() }
            return true
        } catch {
            return false
        }
    }
}
