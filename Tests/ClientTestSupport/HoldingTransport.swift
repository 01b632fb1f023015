import ClientCore
import Foundation

/// A transport that holds back one answer until the test lets it go, in front of a real one: the
/// server acts at once, the client waits. Lets a test make a change exactly while a read is on
/// its way back (a pull whose lists predate the change), with no sleeps.
public final class HoldingTransport: HTTPTransport, @unchecked Sendable {
    public let inner: any HTTPTransport
    // @unchecked Sendable: the fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var rule: (method: String, path: String)?
    private var held: CheckedContinuation<Void, Never>?
    private var released = false
    private var heldWaiters: [CheckedContinuation<Void, Never>] = []
    private var isHolding = false

    public init(_ inner: any HTTPTransport) { self.inner = inner }

    /// Holds the answer to the next request whose method is `method` and path ends with `path`.
    public func hold(_ method: String, _ path: String) {
        lock.withLock {
            rule = (method, path)
            released = false
            isHolding = false
        }
    }

    /// Returns once the server answered the held request and the answer is waiting.
    public func waitUntilHeld() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = lock.withLock {
                if isHolding { return true }
                heldWaiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }

    /// Lets the held answer go on to the client.
    public func release() {
        let waiting = lock.withLock {
            released = true
            defer { held = nil }
            return held
        }
        waiting?.resume()
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let matches = lock.withLock {
            guard let rule, request.method == rule.method, request.url.path.hasSuffix(rule.path) else { return false }
            self.rule = nil
            return true
        }
        let response = try await inner.send(request)
        guard matches else { return response }
        await withCheckedContinuation { (answer: CheckedContinuation<Void, Never>) in
            let (goNow, waiters) = lock.withLock {
                isHolding = true
                defer { heldWaiters = [] }
                if released { return (true, heldWaiters) }
                held = answer
                return (false, heldWaiters)
            }
            for waiter in waiters { waiter.resume() }
            if goNow { answer.resume() }
        }
        return response
    }

    public func stream(_ request: HTTPRequestData) async throws -> HTTPStreamingResponse { try await inner.stream(request) }
}
