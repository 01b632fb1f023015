import Foundation

/// Runs CPU-heavy or blocking synchronous work (loading the 90 MB MiniLM weights, scrypt at full
/// cost, a 25 MiB parse in a test) on a thread of its own and awaits the result.
///
/// Why: Swift's cooperative pool has one thread per core (two here and on CI), and every request,
/// database client and test shares it. Synchronous work that holds a pool thread for seconds stops
/// everything else: at the start of a full test run the MiniLM load (with the tests blocked on it)
/// and heavy synchronous tests held the pool for 20–30 s, and PostgreSQL operations elsewhere in
/// the process hit their 30 s bound. On a thread of its own the work still costs CPU, but the pool
/// keeps running.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
