import Synchronization

/// Sends reads that arrive while the database is busy to it together, as one statement: at most
/// ``maxInFlight`` batches run at once, and requests that arrive meanwhile wait and go in the next
/// batch (up to ``maxBatch`` of them), which starts as soon as a running one finishes.
///
/// Why (issue 13): on PostgreSQL each statement costs the backend a fixed amount — executor start-up,
/// snapshot, locks, a network round trip — and the server about as much again in the driver and the
/// hops to its event loop; for the hint-page read that was most of the request. A page read for many
/// users at once costs little more than one (the backend's CPU per page fell from about 180 to 50 µs
/// at 100 connections). Nothing waits on purpose: a request that finds a batch slot free runs at
/// once, on its own; only requests that would have queued for a connection anyway are grouped.
///
/// `execute` answers a batch with one result per request, in order, so one request's failure (a row
/// that cannot be read) is its own. When it throws, the database operation itself failed: every
/// request of that batch gets the error, and so does every request queued at that moment, which
/// would otherwise wait for another whole operation that would most likely fail the same way (a
/// database that is down answers each within the deadline, not after several).
///
/// Batches run in tasks of their own, detached from the requests (a client that hangs up does not
/// cancel the others' read) and from their task-local values.
public final class ReadCoalescer<Request: Sendable, Response: Sendable>: Sendable {
    public typealias Execute = @Sendable ([Request]) async throws -> [Result<Response, any Error>]

    /// Batches running at once.
    public let maxInFlight: Int
    /// Requests in one batch, at most.
    public let maxBatch: Int
    private let execute: Execute
    private let state = Mutex(State())

    private struct Waiter: Sendable {
        let request: Request
        let continuation: CheckedContinuation<Response, any Error>
    }

    private struct State {
        var inFlight = 0
        var queue: [Waiter] = []
    }

    public init(maxInFlight: Int, maxBatch: Int, execute: @escaping Execute) {
        precondition(maxInFlight > 0 && maxBatch > 0, "a coalescer needs room for one batch of one")
        self.maxInFlight = maxInFlight
        self.maxBatch = maxBatch
        self.execute = execute
    }

    /// Requests waiting for a batch (not counting those of the batches running).
    public var waiting: Int { state.withLock { $0.queue.count } }

    /// The response to `request`, read alone or with others.
    public func read(_ request: Request) async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let waiter = Waiter(request: request, continuation: continuation)
            let startsBatch = state.withLock { state -> Bool in
                guard state.inFlight < maxInFlight else {
                    state.queue.append(waiter)
                    return false
                }
                state.inFlight += 1
                return true
            }
            if startsBatch {
                Task.detached { await self.run(first: [waiter]) }
            }
        }
    }

    /// Runs `first`, then whatever queued meanwhile, until the queue is empty; then gives the slot
    /// back (in the same lock as the check, so no request is left queued with no batch to take it).
    private func run(first: [Waiter]) async {
        var batch = first
        while true {
            let failure = await answer(batch)
            let (next, failed) = state.withLock { state -> (next: [Waiter], failed: [Waiter]) in
                if failure != nil {
                    defer { state.queue.removeAll() }
                    state.inFlight -= 1
                    return ([], state.queue)
                }
                let count = min(state.queue.count, maxBatch)
                guard count > 0 else {
                    state.inFlight -= 1
                    return ([], [])
                }
                defer { state.queue.removeFirst(count) }
                return (Array(state.queue.prefix(count)), [])
            }
            if let failure {
                for waiter in failed { waiter.continuation.resume(throwing: failure) }
            }
            guard !next.isEmpty else { return }
            batch = next
        }
    }

    /// Executes `batch` and resumes each of its requests; returns the error when the batch as a
    /// whole failed.
    private func answer(_ batch: [Waiter]) async -> (any Error)? {
        do {
            let results = try await execute(batch.map(\.request))
            guard results.count == batch.count else {
                throw ReadCoalescerMismatch(requests: batch.count, results: results.count)
            }
            for (waiter, result) in zip(batch, results) { waiter.continuation.resume(with: result) }
            return nil
        } catch {
            for waiter in batch { waiter.continuation.resume(throwing: error) }
            return error
        }
    }
}

/// A batch was answered with a different number of results than it had requests: a defect in the
/// batch's `execute`, reported to every request of the batch rather than trusted.
public struct ReadCoalescerMismatch: Error, CustomStringConvertible {
    public let requests: Int
    public let results: Int
    public var description: String { "a batch of \(requests) requests was answered with \(results) results" }
}
