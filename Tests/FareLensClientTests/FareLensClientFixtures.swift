import FareLensClient
import Foundation

/// A clock tests move by hand (the seed's `cache.advanceTime(by:)`).
final class TestClock: @unchecked Sendable {
    // @unchecked Sendable: `current` is only touched while holding `lock`.
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { current } }
    func advanceTime(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// A fake server: answers each request with `answer`, counts the calls (the seed's
/// `mockAPIClient.callCount`) and keeps the requests. A request can be held until released, so a
/// test can have a second caller arrive while the first is on its way.
final class FakeTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: the fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var answer: @Sendable (HTTPRequestData) throws -> HTTPResponseData
    private var requests: [HTTPRequestData] = []
    private var gate: [CheckedContinuation<Void, Never>] = []
    private var holding = false
    private var arrivals: [CheckedContinuation<Void, Never>] = []

    init(_ answer: @escaping @Sendable (HTTPRequestData) throws -> HTTPResponseData) { self.answer = answer }

    var callCount: Int { lock.withLock { requests.count } }
    var sent: [HTTPRequestData] { lock.withLock { requests } }
    func answer(with answer: @escaping @Sendable (HTTPRequestData) throws -> HTTPResponseData) { lock.withLock { self.answer = answer } }

    /// Holds every answer until ``release()``.
    func hold() { lock.withLock { holding = true } }
    func release() {
        let waiting = lock.withLock {
            holding = false
            defer { gate = [] }
            return gate
        }
        waiting.forEach { $0.resume() }
    }

    /// Returns once `count` requests have arrived.
    func waitForCalls(_ count: Int) async {
        while callCount < count {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock {
                    if requests.count >= count { return true }
                    arrivals.append(waiter)
                    return false
                }
                if ready { waiter.resume() }
            }
        }
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let (answer, hold, arrived) = lock.withLock {
            requests.append(request)
            defer { arrivals = [] }
            return (self.answer, holding, arrivals)
        }
        arrived.forEach { $0.resume() }
        if hold {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let open = lock.withLock {
                    if !holding { return true }
                    gate.append(waiter)
                    return false
                }
                if open { waiter.resume() }
            }
        }
        return try answer(request)
    }
}

/// Records the retry waits instead of sleeping.
final class RecordedWaits: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [TimeInterval] = []
    var all: [TimeInterval] { lock.withLock { waits } }
    var policy: RetryPolicy { .fareLens { wait in self.lock.withLock { self.waits.append(wait) } } }
}

enum Fixtures {
    static let baseURL = URL(string: "http://farelens.test")!

    static func json(_ value: some Encodable, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: try! WireFormat.requestEncoder().encode(value))
    }

    static func error(_ status: Int, headers: [String: String] = [:]) -> HTTPResponseData {
        HTTPResponseData(status: status, headers: headers, body: Data(#"{"error":{"code":"x","message":"status \#(status)"}}"#.utf8))
    }

    static func api(_ transport: any HTTPTransport, waits: RecordedWaits = RecordedWaits(), clock: TestClock = TestClock()) -> FareLensAPIClient {
        let signedIn = StoredSession(userId: "u1", accessToken: "token", refreshToken: "refresh", accessTokenExpiresAt: clock.now + 365 * 86_400)
        return FareLensAPIClient(
            baseURL: baseURL, session: ClientSession(store: InMemoryTokenStore(signedIn), now: { clock.now }), transport: transport, retry: waits.policy)
    }

    static func deal(_ n: Int, origin: String = "LAX", airline: String = "UA", priceCents: Int = 20_000) -> Deal {
        Deal(
            id: DealID(), origin: origin, destination: "JFK", departureDate: LocalDate(year: 2027, month: 3, day: 1 + n % 27), returnDate: nil, cabin: .economy,
            airline: airline, priceCents: priceCents + n, currency: "USD", dealScore: 85, dealTier: .exceptional, queueScore: 85, percentile: 0.1,
            confidence: 0.9, provider: .amadeus, expiresAt: Date(timeIntervalSince1970: 1_900_000_000))
    }

    /// A transport answering `GET /deals` with `deals`.
    static func dealsServer(_ deals: [Deal]) -> FakeTransport {
        FakeTransport { _ in json(FareLensList(data: deals)) }
    }
}
