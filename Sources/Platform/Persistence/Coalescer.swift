import PlatformCore
import Synchronization

/// Sends operations that arrive while the database is busy to it together: at most ``maxInFlight``
/// batches run at once, and requests that arrive meanwhile wait and go in the next batch (up to
/// ``maxBatch`` of them), which starts as soon as a running one finishes.
///
/// Why (issue 13): an operation on a database has a fixed cost besides its own work, and for a small
/// one that fixed part is most of it. On PostgreSQL each statement costs the backend and the
/// server's driver executor start-up, a snapshot, a network round trip and hops to the driver's event
/// loop, so many users' hint pages are read with one statement (``HintRepository``). On SQLite each
/// transaction takes the write lock and appends every page it touched to the write-ahead log, so
/// transactions waiting for the one writer commit together (``SQLiteStore/transaction(_:)``). Nothing
/// waits on purpose: a request that finds a slot free runs at once, alone; only requests arriving while
/// ``maxInFlight`` batches are running wait.
///
/// `execute` answers a batch with one result per request, in order, so one request's failure is its
/// own. When it throws, the batch as a whole failed:
/// - with ``PlatformCore/DatabaseUnavailable`` (or a cancellation), the database itself is the
///   cause: every request of the batch gets the error, and so does every request waiting, which would
///   otherwise wait for another whole operation bound to fail the same way (a database that is down
///   answers each request within the deadline, not after several);
/// - with any other error, one request may be the cause (a parameter the database refuses): each
///   request of the batch is run again alone, so only that one fails.
///
/// A request cancelled before it runs (already cancelled on arrival, or while waiting) is answered
/// at once (`CancellationError`) and left out of the next batch, unless the coalescer was made with
/// `cancelsWaiting: false`; one whose batch is running gets its answer when the batch ends. A request given a `timeout` that is still waiting when it passes is
/// answered with ``PlatformCore/DatabaseUnavailable`` and left out, as a caller waiting for a
/// connection is; without one, it waits for the batch it arrived behind, then its own. Batches run in
/// tasks of their own, detached from the requests (a client that hangs up does not cancel the
/// others' work) and from their task-local values (what a batch needs of them, such as a deadline,
/// travels in the request).
public final class Coalescer<Request: Sendable, Response: Sendable>: Sendable {
    public typealias Execute = @Sendable ([Request]) async throws -> [Result<Response, any Error>]
    /// An `execute` that may answer some of its requests before it returns (``Answers``).
    public typealias ExecuteAnswering = @Sendable ([Request], Answers) async throws -> [Result<Response, any Error>]

    /// Lets a batch's `execute` answer a request before the batch ends — one whose bound passed while
    /// the batch waits, which should not wait for the others — by its index in the batch. The
    /// batch's result for a request answered this way is ignored; each request is answered once.
    public final class Answers: Sendable {
        fileprivate let waiters: [Waiter]
        private let answered: Mutex<[Bool]>

        fileprivate init(_ waiters: [Waiter]) {
            self.waiters = waiters
            self.answered = Mutex([Bool](repeating: false, count: waiters.count))
        }

        /// Answers request `index` of the batch now (nothing if it has been answered already).
        public func answer(_ index: Int, with result: Result<Response, any Error>) {
            guard waiters.indices.contains(index), claim(index) else { return }
            waiters[index].continuation.resume(with: result)
        }

        /// Takes request `index` to be answered by the caller; false when it has been already.
        fileprivate func claim(_ index: Int) -> Bool {
            answered.withLock { answered in
                guard !answered[index] else { return false }
                answered[index] = true
                return true
            }
        }

        /// The requests not answered yet, each taken to be answered by the caller.
        fileprivate func claimRest() -> [Waiter] {
            waiters.indices.filter(claim).map { waiters[$0] }
        }
    }

    /// Batches running at once.
    public let maxInFlight: Int
    /// Requests in one batch, at most.
    public let maxBatch: Int
    private let execute: ExecuteAnswering
    private let executor: (any TaskExecutor)?
    private let cancelsWaiting: Bool
    private let state = Mutex(State())
    /// Names each request, so a cancelled one can be found in the queue (no lock for it).
    private let nextID = Atomic<Int>(0)

    fileprivate struct Waiter: Sendable {
        let id: Int
        let request: Request
        let continuation: CheckedContinuation<Response, any Error>
    }

    /// What a request finds on arrival.
    private enum Admission { case cancelled, queued, startsBatch }

    private struct State {
        var inFlight = 0
        var queue: [Waiter] = []
        var statistics = Statistics()
    }

    /// How many batches have started and how many requests they held (for tests and diagnostics;
    /// a batch run again request by request counts once).
    public struct Statistics: Sendable, Equatable {
        public var batches = 0
        public var requests = 0

        public init(batches: Int = 0, requests: Int = 0) {
            self.batches = batches
            self.requests = requests
        }
    }

    /// `executor`: where the batches' tasks run (e.g. the thread that does the work, so that taking
    /// the next batch after one ends needs no hop to Swift's shared threads and back); by default
    /// Swift's global executor.
    /// `cancelsWaiting`: whether a cancelled caller's request is answered at once with
    /// `CancellationError` (reads) or still run (writes: a write from a task cancelled meanwhile — a
    /// client that hung up, a job at shutdown — went through before writes were grouped, and must).
    public convenience init(maxInFlight: Int, maxBatch: Int, executor: (any TaskExecutor)? = nil, cancelsWaiting: Bool = true, execute: @escaping Execute) {
        self.init(maxInFlight: maxInFlight, maxBatch: maxBatch, executor: executor, cancelsWaiting: cancelsWaiting) { requests, _ in
            try await execute(requests)
        }
    }

    /// The same, for an `execute` that may answer requests before it returns (``Answers``).
    public init(
        maxInFlight: Int, maxBatch: Int, executor: (any TaskExecutor)? = nil, cancelsWaiting: Bool = true, executeAnswering: @escaping ExecuteAnswering
    ) {
        precondition(maxInFlight > 0 && maxBatch > 0, "a coalescer needs room for one batch of one")
        self.maxInFlight = maxInFlight
        self.maxBatch = maxBatch
        self.executor = executor
        self.cancelsWaiting = cancelsWaiting
        self.execute = executeAnswering
    }

    /// Requests waiting for a batch (not counting those of the batches running).
    public var waiting: Int { state.withLock { $0.queue.count } }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The response to `request`, run alone or with others; waiting at most `timeout` for a batch to
    /// take it, when one is given.
    public func perform(_ request: Request, timeout: Duration? = nil) async throws -> Response {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        // A coarse timer (``DeadlineSweeper``), as for a caller waiting for a connection, set once the
        // request is queued (so it cannot fire before there is anything to take out); it only takes
        // the request out of the queue, never out of a batch that is running.
        let timer = Mutex<DeadlineSweeper.Token?>(nil)
        defer { timer.withLock { $0?.cancel() } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let waiter = Waiter(id: id, request: request, continuation: continuation)
                // Cancelled already (before the handler below could see a waiter): answered here.
                // The flag is set before the handler runs, and both look under the lock.
                let admission = state.withLock { state -> Admission in
                    if cancelsWaiting && Task.isCancelled { return .cancelled }
                    guard state.inFlight < maxInFlight else {
                        state.queue.append(waiter)
                        return .queued
                    }
                    state.inFlight += 1
                    state.statistics.batches += 1
                    state.statistics.requests += 1
                    return .startsBatch
                }
                switch admission {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .queued:
                    if let timeout {
                        let token = DeadlineSweeper.shared.schedule(in: .nanoseconds(timeout.nanoseconds)) {
                            self.abandon(id, with: DatabaseUnavailable.busy(for: timeout))
                        }
                        timer.withLock { $0 = token }
                    }
                case .startsBatch: Task.detached(executorPreference: executor) { await self.run(first: [waiter]) }
                }
            }
        } onCancel: {
            if cancelsWaiting { abandon(id, with: CancellationError()) }
        }
    }

    /// Answers request `id` with `error` if it is still waiting; one in a running batch is answered
    /// by it.
    private func abandon(_ id: Int, with error: any Error) {
        let removed = state.withLock { state -> Waiter? in
            guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
            return state.queue.remove(at: index)
        }
        removed?.continuation.resume(throwing: error)
    }

    /// Runs `first`, then whatever queued meanwhile, until the queue is empty; then gives the slot
    /// back (in the same lock as the check, so no request is left waiting with no batch to take it).
    private func run(first: [Waiter]) async {
        var batch = first
        while true {
            let shared = await answer(batch)
            let next = state.withLock { state -> [Waiter] in
                if shared != nil {
                    state.inFlight -= 1
                    let waiting = state.queue
                    state.queue.removeAll()
                    return waiting
                }
                let count = min(state.queue.count, maxBatch)
                if count == 0 {
                    state.inFlight -= 1
                    return []
                }
                let taken = Array(state.queue.prefix(count))
                state.queue.removeFirst(count)
                state.statistics.batches += 1
                state.statistics.requests += count
                return taken
            }
            if let shared {
                for waiter in next { waiter.continuation.resume(throwing: shared) }
                return
            }
            guard !next.isEmpty else { return }
            batch = next
        }
    }

    /// Executes `batch` and answers each of its requests. Returns the error when it is the database's
    /// own (answered to the whole batch, and to be answered to those waiting); after any other error
    /// thrown for the batch as a whole, each request is run again alone.
    private func answer(_ batch: [Waiter]) async -> (any Error)? {
        let answers = Answers(batch)
        do {
            let results = try await execute(batch.map(\.request), answers)
            guard results.count == batch.count else {
                throw CoalescerMismatch(requests: batch.count, results: results.count)
            }
            for (index, result) in results.enumerated() { answers.answer(index, with: result) }
            return nil
        } catch {
            // Only the requests `execute` has not answered itself.
            let rest = answers.claimRest()
            if Self.isShared(error) || rest.count <= 1 {
                for waiter in rest { waiter.continuation.resume(throwing: error) }
                return Self.isShared(error) ? error : nil
            }
            var remaining = rest[...]
            while let waiter = remaining.popFirst() {
                if let shared = await answer([waiter]) {
                    for waiter in remaining { waiter.continuation.resume(throwing: shared) }
                    return shared
                }
            }
            return nil
        }
    }

    /// An error of the database itself rather than of any one request.
    private static func isShared(_ error: any Error) -> Bool {
        error is DatabaseUnavailable || error is CancellationError
    }
}
