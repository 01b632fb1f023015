import Synchronization

/// A fixed set of resources handed out one borrower at a time; borrowers wait (without blocking a
/// thread) until one is free. Used for SQLite connections, which must never be shared mid-statement.
final class AsyncPool<Resource: Sendable>: Sendable {
    private struct State {
        var available: [Resource]
        var waiters: [CheckedContinuation<Resource, Never>] = []
    }

    private let state: Mutex<State>
    let all: [Resource]

    init(_ resources: [Resource]) {
        precondition(!resources.isEmpty)
        all = resources
        state = Mutex(State(available: resources))
    }

    func acquire() async -> Resource {
        if let resource = state.withLock({ $0.available.popLast() }) { return resource }
        return await withCheckedContinuation { continuation in
            let resource: Resource? = state.withLock { state in
                if let resource = state.available.popLast() { return resource }
                state.waiters.append(continuation)
                return nil
            }
            if let resource { continuation.resume(returning: resource) }
        }
    }

    func release(_ resource: Resource) {
        let waiter: CheckedContinuation<Resource, Never>? = state.withLock { state in
            if state.waiters.isEmpty {
                state.available.append(resource)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: resource)
    }

    func with<T>(_ body: (Resource) async throws -> T) async throws -> T {
        let resource = await acquire()
        do {
            let result = try await body(resource)
            release(resource)
            return result
        } catch {
            release(resource)
            throw error
        }
    }
}
