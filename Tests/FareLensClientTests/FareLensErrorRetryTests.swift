import FareLensClient
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("FareLens SDK errors and retries")
struct FareLensErrorRetryTests {
    @Test("NetworkError and AppError are views of ClientError")
    func views() {
        #expect(NetworkError(.offline("no route")) == .offline)
        #expect(NetworkError(.offline("The server at http://x \(ClientError.timeoutPhrase).")) == .timeout)
        #expect(NetworkError(.decoding("bad")) == .decodingFailed("bad"))
        #expect(NetworkError(.server(status: 0, code: "bad_url", message: "x")) == .invalidURL)
        if case .httpError(let status, _) = NetworkError(.notFound("gone")) { #expect(status == 404) } else { Issue.record("not an httpError") }
        #expect(NetworkError(.server(status: 503, code: nil, message: "down"), retried: true) == .maxRetriesExceeded)
        #expect(NetworkError(.notFound("gone"), retried: true) != .maxRetriesExceeded)
        // A 429 whose Retry-After is past the policy's cap was not retried, nor a call under a one-attempt policy.
        #expect(NetworkError(.rateLimited(retryAfter: 3600), retried: true) == .httpError(statusCode: 429, data: Data(ClientError.rateLimited(retryAfter: 3600).description.utf8)))
        #expect(NetworkError(.rateLimited(retryAfter: 7), retried: true) == .maxRetriesExceeded)
        #expect(NetworkError(.server(status: 503, code: nil, message: "down"), retried: true, policy: .none) != .maxRetriesExceeded)
        // The seed's view-model test: a network failure shows as `.networkError`; a refusal is not one.
        #expect(AppError(ClientError.offline("x")) == .networkError)
        #expect(AppError(NetworkError.offline) == .networkError)
        #expect(AppError(ClientError.server(status: 503, code: nil, message: "down")) == .networkError)
        #expect(AppError(ClientError.rateLimited(retryAfter: nil)) == .networkError)
        #expect(AppError(ClientError.unauthorized("x")) == .unknown)
        #expect(AppError(ClientError.notFound("x")) == .unknown)
        #expect(AppError(ClientError.validation(message: "x", fields: [])) == .unknown)
        #expect(AppError(NetworkError.httpError(statusCode: 422, data: Data())) == .unknown)
        #expect(AppError(LocalStoreError("disk full")) == .saveFailed)
        #expect(ScreenText.message(LocalStoreError("disk full")) == "disk full", "a failed local save shows its own words")
        #expect(AppError(CancellationError()) == .unknown)
    }

    @Test("A transient failure is tried 3 times, waiting 1 s then 2 s, then is maxRetriesExceeded")
    func retriesTransient() async throws {
        let transport = FakeTransport { _ in Fixtures.error(503) }
        let waits = RecordedWaits()
        let api = Fixtures.api(transport, waits: waits)
        let error = await #expect(throws: ClientError.self) { try await api.send(FareLensRoutes.deals, query: DealFeedQuery()) }
        #expect(transport.callCount == 3)
        #expect(waits.all == [1, 2])
        #expect(error.map { NetworkError($0, retried: true) } == .maxRetriesExceeded)
    }

    @Test("429 waits its Retry-After")
    func honoursRetryAfter() async throws {
        let transport = FakeTransport { _ in Fixtures.error(429, headers: ["Retry-After": "7"]) }
        let waits = RecordedWaits()
        await #expect(throws: ClientError.self) { try await Fixtures.api(transport, waits: waits).send(FareLensRoutes.deals, query: DealFeedQuery()) }
        #expect(waits.all == [7, 7])
    }

    @Test("A timeout is retried; a 404 or 422 is not", arguments: [404, 422])
    func notRetried(status: Int) async throws {
        let transport = FakeTransport { _ in Fixtures.error(status) }
        let waits = RecordedWaits()
        await #expect(throws: ClientError.self) { try await Fixtures.api(transport, waits: waits).send(FareLensRoutes.deals, query: DealFeedQuery()) }
        #expect(transport.callCount == 1)
        #expect(waits.all.isEmpty)

        let slow = FakeTransport { _ in throw ClientError.offline("The server \(ClientError.timeoutPhrase).") }
        let slowWaits = RecordedWaits()
        let error = await #expect(throws: ClientError.self) { try await Fixtures.api(slow, waits: slowWaits).send(FareLensRoutes.deals, query: DealFeedQuery()) }
        #expect(slow.callCount == 3)
        #expect(slowWaits.all == [1, 2])
        #expect(error.map { NetworkError($0) } == .timeout)
    }
}

@Suite("FareLens request coalescer")
struct RequestCoalescerTests {
    @Test("Two identical GETs in flight at once make one request and share its answer")
    func sharesGet() async throws {
        let transport = Fixtures.dealsServer([Fixtures.deal(1), Fixtures.deal(2)])
        transport.hold()
        let api = Fixtures.api(transport)
        async let first = api.send(FareLensRoutes.deals, query: DealFeedQuery())
        await transport.waitForCalls(1)
        async let second = api.send(FareLensRoutes.deals, query: DealFeedQuery())
        // Let the second caller reach the coalescer before the answer comes.
        try await Fixtures.untilJoined(api.coalescer, 1)
        transport.release()
        let (a, b) = try await (first, second)
        #expect(transport.callCount == 1)
        #expect(a.data.map(\.id) == b.data.map(\.id))
    }

    @Test("A POST is never coalesced")
    func postNotShared() async throws {
        let coalescer = RequestCoalescer()
        let transport = FakeTransport { _ in HTTPResponseData(status: 201) }
        transport.hold()
        let post = HTTPRequestData(method: "POST", url: URL(string: "http://farelens.test/farelens/v1/saved-deals")!)
        async let one = coalescer.send(post) { try await transport.send($0) }
        async let two = coalescer.send(post) { try await transport.send($0) }
        await transport.waitForCalls(2)
        transport.release()
        _ = try await (one, two)
        #expect(transport.callCount == 2)
        #expect(await coalescer.joined == 0)
    }

    @Test("A failure reaches both waiters and is not kept")
    func failureShared() async throws {
        let coalescer = RequestCoalescer()
        let transport = FakeTransport { _ in throw ClientError.offline("down") }
        transport.hold()
        let get = HTTPRequestData(method: "GET", url: URL(string: "http://farelens.test/farelens/v1/deals?origin=LAX")!)
        let one = Task { try await coalescer.send(get) { try await transport.send($0) } }
        await transport.waitForCalls(1)
        let two = Task { try await coalescer.send(get) { try await transport.send($0) } }
        try await Fixtures.untilJoined(coalescer, 1)
        transport.release()
        await #expect(throws: ClientError.offline("down")) { try await one.value }
        await #expect(throws: ClientError.offline("down")) { try await two.value }
        #expect(transport.callCount == 1)
        transport.answer { _ in HTTPResponseData(status: 200) }
        _ = try await coalescer.send(get) { try await transport.send($0) }
        #expect(transport.callCount == 2)
    }
}

extension RequestCoalescerTests {
    @Test("A cancelled waiter stops waiting at once; the shared request is cancelled only when every waiter has gone", .timeLimit(.minutes(1)))
    func cancellation() async throws {
        let coalescer = RequestCoalescer()
        let (started, arrived) = AsyncStream.makeStream(of: Void.self)
        let sharedCancelled = Mutex(false)
        let send: @Sendable (HTTPRequestData) async throws -> HTTPResponseData = { _ in
            arrived.yield()
            do {
                try await Task.sleep(for: .seconds(3600))  // never ends unless cancelled
            } catch {
                sharedCancelled.withLock { $0 = true }
                throw error
            }
            return HTTPResponseData(status: 200)
        }
        let get = HTTPRequestData(method: "GET", url: URL(string: "http://farelens.test/farelens/v1/deals")!)
        let one = Task { try await coalescer.send(get, through: send) }
        var starts = started.makeAsyncIterator()
        _ = await starts.next()
        let two = Task { try await coalescer.send(get, through: send) }
        try await Fixtures.untilJoined(coalescer, 1)

        one.cancel()
        await #expect(throws: CancellationError.self) { try await one.value }
        #expect(!sharedCancelled.withLock { $0 }, "the other waiter still wants the answer")
        two.cancel()
        await #expect(throws: CancellationError.self) { try await two.value }
        #expect(try await eventually { sharedCancelled.withLock { $0 } })
    }
}

extension Fixtures {
    /// Waits until `count` callers joined a request in flight on `coalescer`; gives up after
    /// `testPatience` so a coalescer that never joins fails the test instead of hanging it.
    static func untilJoined(_ coalescer: RequestCoalescer, _ count: Int) async throws {
        _ = try await eventually(every: .milliseconds(1)) { await coalescer.joined >= count }
    }
}
