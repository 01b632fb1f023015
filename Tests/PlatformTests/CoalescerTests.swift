import Persistence
import PlatformCore
import Synchronization
import TestSupport
import Testing

@Suite("Coalescer", .timeLimit(.minutes(1)))
struct CoalescerTests {
    struct Refused: Error, Equatable {
        let request: Int
    }

    /// Holds batches until released, and records each batch's requests and how many ran at once.
    final class Database: Sendable {
        struct State {
            var batches: [[Int]] = []
            var running = 0
            var mostRunning = 0
            var held: [CheckedContinuation<Void, Never>] = []
            var holding = true
        }
        let state = Mutex(State())

        func execute(_ requests: [Int], answer: ([Int]) throws -> [Result<Int, any Error>]) async throws -> [Result<Int, any Error>] {
            let hold = state.withLock { state -> Bool in
                state.batches.append(requests)
                state.running += 1
                state.mostRunning = max(state.mostRunning, state.running)
                return state.holding
            }
            if hold {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state -> Bool in
                        guard state.holding else { return true }
                        state.held.append(continuation)
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
            defer { state.withLock { $0.running -= 1 } }
            return try answer(requests)
        }

        /// Lets every held batch, and every later one, go on.
        func release() {
            let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.holding = false
                defer { state.held.removeAll() }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }

        var batches: [[Int]] { state.withLock { $0.batches } }
        var held: Int { state.withLock { $0.held.count } }
        var mostRunning: Int { state.withLock { $0.mostRunning } }
    }

    static func tenfold(_ requests: [Int]) -> [Result<Int, any Error>] { requests.map { .success($0 * 10) } }

    /// Reads request 0, which `database` holds, then the `queued` requests while it is held, then
    /// lets the database go on: each request's outcome (all of them, 0 included).
    static func readBehindHeldBatch<T: Sendable>(
        _ database: Database, _ coalescer: Coalescer<Int, Int>, queued: ClosedRange<Int>, _ outcome: @escaping @Sendable (Int) async -> T
    ) async throws -> [Int: T] {
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            group.addTask { (0, await outcome(0)) }
            #expect(try await eventually { database.held == 1 })
            for request in queued { group.addTask { (request, await outcome(request)) } }
            #expect(try await eventually { coalescer.waiting == queued.count })
            database.release()
            var outcomes: [Int: T] = [:]
            for try await (request, value) in group { outcomes[request] = value }
            #expect(outcomes.count == queued.count + 1)
            return outcomes
        }
    }

    @Test("a request that finds a batch slot free is read at once, alone")
    func aloneAtOnce() async throws {
        let database = Database()
        database.release()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 2, maxBatch: 8) { try await database.execute($0, answer: Self.tenfold) }
        // More reads than slots, one after another: each batch gives its slot back when it ends.
        for request in 4..<9 { #expect(try await coalescer.perform(request) == request * 10) }
        #expect(database.batches == [[4], [5], [6], [7], [8]])
        #expect(coalescer.waiting == 0)
        #expect(coalescer.statistics == .init(batches: 5, requests: 5))
    }

    @Test("requests arriving while the slots are taken wait and are read together, each answered with its own result")
    func queuedRequestsGoTogether() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { try await database.execute($0, answer: Self.tenfold) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (0, try await coalescer.perform(0)) }
            #expect(try await eventually { database.held == 1 })
            for request in 1...5 { group.addTask { (request, try await coalescer.perform(request)) } }
            #expect(try await eventually { coalescer.waiting == 5 })
            #expect(database.batches == [[0]], "nothing else starts while the one slot is taken")
            database.release()
            var answers: [Int: Int] = [:]
            for try await (request, answer) in group { answers[request] = answer }
            #expect(answers == [0: 0, 1: 10, 2: 20, 3: 30, 4: 40, 5: 50])
        }
        #expect(database.batches.count == 2)
        #expect(database.batches.last.map { Set($0) } == [1, 2, 3, 4, 5])
        #expect(coalescer.waiting == 0)
        #expect(coalescer.statistics == .init(batches: 2, requests: 6))
        // The one slot was given back: a later read runs at once.
        #expect(try await coalescer.perform(9) == 90)
        #expect(database.batches.last == [9])
    }

    @Test("no more than maxInFlight batches run at once, and maxBatch bounds a batch")
    func boundsHold() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 2, maxBatch: 3) { try await database.execute($0, answer: Self.tenfold) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for request in 0..<2 { group.addTask { (request, try await coalescer.perform(request)) } }
            #expect(try await eventually { database.held == 2 })
            for request in 2..<10 { group.addTask { (request, try await coalescer.perform(request)) } }
            #expect(try await eventually { coalescer.waiting == 8 })
            database.release()
            for try await (request, answer) in group { #expect(answer == request * 10) }
        }
        #expect(database.mostRunning == 2)
        #expect(database.batches.allSatisfy { $0.count <= 3 })
        #expect(database.batches.flatMap { $0 }.sorted() == Array(0..<10), "each request read exactly once")
        #expect(database.batches.count == 2 + 3, "8 queued requests in batches of at most 3")
    }

    @Test("one request's failure is its own")
    func failureIsPerRequest() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) {
            try await database.execute($0) { requests in requests.map { $0.isMultiple(of: 2) ? .success($0) : .failure(Refused(request: $0)) } }
        }
        let outcomes = try await Self.readBehindHeldBatch(database, coalescer, queued: 1...4) { request in
            await Self.outcome { try await coalescer.perform(request) }
        }
        for (request, outcome) in outcomes {
            #expect(outcome == (request.isMultiple(of: 2) ? .success(request) : .failure(Refused(request: request))))
        }
        #expect(database.batches.count == 2)
    }

    @Test("a batch the database fails (DatabaseUnavailable) fails its requests and those waiting at once; later requests are read afresh")
    func databaseFailureIsShared() async throws {
        let database = Database()
        let failing = Mutex(true)
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) {
            try await database.execute($0) { requests in
                if failing.withLock({ $0 }) { throw DatabaseUnavailable(reason: "down") }
                return Self.tenfold(requests)
            }
        }
        let outcomes = try await Self.readBehindHeldBatch(database, coalescer, queued: 1...3) { request in
            await Self.unavailable { try await coalescer.perform(request) }
        }
        for unavailable in outcomes.values { #expect(unavailable) }
        #expect(database.batches == [[0]], "the waiting requests were answered without another read")
        failing.withLock { $0 = false }
        #expect(try await coalescer.perform(7) == 70)
        #expect(database.batches.last == [7])
    }

    @Test("a batch that fails for another reason is read again request by request: only the request at fault fails")
    func otherFailureIsIsolated() async throws {
        let database = Database()
        // The "database" refuses any batch holding request 3 (a parameter it cannot take).
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) {
            try await database.execute($0) { requests in
                if requests.contains(3) { throw Refused(request: 3) }
                return Self.tenfold(requests)
            }
        }
        let outcomes = try await Self.readBehindHeldBatch(database, coalescer, queued: 1...5) { request in
            await Self.outcome { try await coalescer.perform(request) }
        }
        for (request, outcome) in outcomes {
            #expect(outcome == (request == 3 ? .failure(Refused(request: 3)) : .success(request * 10)))
        }
        #expect(database.batches.count == 2 + 5, "the first, the failed batch of five, then each of the five alone")
        #expect(coalescer.statistics == .init(batches: 2, requests: 6), "the retries count with their batch")
        #expect(try await coalescer.perform(8) == 80)
    }

    @Test("a waiting request that is cancelled is answered at once and left out of the next batch")
    func cancelledWhileWaiting() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { try await database.execute($0, answer: Self.tenfold) }
        let first = Task { try await coalescer.perform(0) }
        #expect(try await eventually { database.held == 1 })
        let waiting = Task { try await coalescer.perform(1) }
        let staying = Task { try await coalescer.perform(2) }
        #expect(try await eventually { coalescer.waiting == 2 })
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(coalescer.waiting == 1)
        database.release()
        #expect(try await first.value == 0)
        #expect(try await staying.value == 20)
        #expect(database.batches == [[0], [2]])
    }

    @Test("a waiting request given a timeout is answered with DatabaseUnavailable when it passes and left out of the next batch; one in a running batch is not")
    func timeoutWhileWaiting() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { try await database.execute($0, answer: Self.tenfold) }
        // The running batch's request has a timeout too: it has been taken, so it is not abandoned.
        let first = Task { try await coalescer.perform(0, timeout: .milliseconds(100)) }
        #expect(try await eventually { database.held == 1 })
        let patient = Task { try await coalescer.perform(2) }
        #expect(try await eventually { coalescer.waiting == 1 })
        // Its timer may pass before a poll of the queue could see it there, so nothing waits on that.
        let clock = ContinuousClock()
        let start = clock.now
        let impatient = Task { try await coalescer.perform(1, timeout: .milliseconds(200)) }
        // Answered by its timer: the batch ahead is still held (released only below).
        await #expect(throws: DatabaseUnavailable.self) { try await impatient.value }
        let waited = clock.now - start
        #expect(waited >= .milliseconds(200), "\(waited)")
        #expect(database.held == 1)
        #expect(coalescer.waiting == 1)
        database.release()
        #expect(try await first.value == 0)
        #expect(try await patient.value == 20)
        #expect(database.batches == [[0], [2]])
    }

    @Test("made not to cancel waiting requests (writes), a cancelled caller's request is still run, queued or on arrival")
    func cancelledRequestsStillRun() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8, cancelsWaiting: false) { try await database.execute($0, answer: Self.tenfold) }
        let first = Task { try await coalescer.perform(0) }
        #expect(try await eventually { database.held == 1 })
        let waiting = Task { try await coalescer.perform(1) }
        #expect(try await eventually { coalescer.waiting == 1 })
        waiting.cancel()
        let late = Task { () async throws -> Int in
            while !Task.isCancelled { await Task.yield() }
            return try await coalescer.perform(2)
        }
        late.cancel()
        #expect(try await eventually { coalescer.waiting == 2 })
        database.release()
        #expect(try await first.value == 0)
        #expect(try await waiting.value == 10)
        #expect(try await late.value == 20)
        #expect(database.batches == [[0], [1, 2]])
    }

    @Test("a batch may answer a request before it ends: that request hears at once, once; the batch's later result for it is ignored, also when the batch then fails")
    func earlyAnswers() async throws {
        let database = Database()
        database.release()
        let gate = Database()  // holds the batch holding request 1 after it answered 1 early
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { requests, answers in
            if let index = requests.firstIndex(of: 1) {
                answers.answer(index, with: .success(-1))
                answers.answer(index, with: .success(-2))  // a second answer is ignored
                _ = try await gate.execute([], answer: { _ in [] })
            }
            return try await database.execute(requests, answer: Self.tenfold)
        }
        let one = Task { try await coalescer.perform(1) }
        #expect(try await one.value == -1, "answered while its batch is still held")
        let two = Task { try await coalescer.perform(2) }
        #expect(try await eventually { coalescer.waiting == 1 })
        gate.release()
        #expect(try await two.value == 20)
        #expect(database.batches == [[1], [2]])
        // Answered early, then the batch fails as a whole: the early answer stands, the others get the failure.
        let held = Database()
        let failing = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { requests, answers in
            if let index = requests.firstIndex(of: 3) {
                answers.answer(index, with: .success(-3))
                throw DatabaseUnavailable(reason: "down")
            }
            return try await held.execute(requests, answer: Self.tenfold)
        }
        let zero = Task { try await failing.perform(0) }
        #expect(try await eventually { held.held == 1 })
        let three = Task { try await failing.perform(3) }
        let four = Task { try await failing.perform(4) }
        #expect(try await eventually { failing.waiting == 2 })
        held.release()
        #expect(try await zero.value == 0)
        #expect(try await three.value == -3)
        await #expect(throws: DatabaseUnavailable.self) { try await four.value }
    }

    @Test("a request already cancelled when it arrives is answered at once, neither read nor queued")
    func cancelledOnArrival() async throws {
        let database = Database()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { try await database.execute($0, answer: Self.tenfold) }
        let first = Task { try await coalescer.perform(0) }
        #expect(try await eventually { database.held == 1 })
        let late = Task { () async throws -> Int in
            while !Task.isCancelled { await Task.yield() }
            return try await coalescer.perform(1)
        }
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(coalescer.waiting == 0)
        // With a slot free, too.
        database.release()
        #expect(try await first.value == 0)
        let alsoLate = Task { () async throws -> Int in
            while !Task.isCancelled { await Task.yield() }
            return try await coalescer.perform(2)
        }
        alsoLate.cancel()
        await #expect(throws: CancellationError.self) { try await alsoLate.value }
        #expect(database.batches == [[0]])
        #expect(coalescer.statistics == .init(batches: 1, requests: 1))
    }

    @Test("a batch answered with the wrong number of results fails each of its requests")
    func mismatchIsAnError() async throws {
        let database = Database()
        database.release()
        let coalescer = Coalescer<Int, Int>(maxInFlight: 1, maxBatch: 8) { try await database.execute($0) { _ in [] } }
        await #expect(throws: CoalescerMismatch.self) { try await coalescer.perform(1) }
    }

    /// Whether `body` failed with ``DatabaseUnavailable``.
    static func unavailable(_ body: () async throws -> Int) async -> Bool {
        do {
            _ = try await body()
            return false
        } catch {
            return error is DatabaseUnavailable
        }
    }

    /// The outcome of `body`, with ``Refused`` as the only expected error.
    static func outcome(_ body: () async throws -> Int) async -> Result<Int, Refused> {
        do {
            return .success(try await body())
        } catch let refused as Refused {
            return .failure(refused)
        } catch {
            Issue.record("unexpected \(error)")
            return .failure(Refused(request: .min))
        }
    }
}
