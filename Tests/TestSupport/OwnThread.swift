import Foundation

/// Runs CPU-heavy synchronous test work (scrypt at full cost, a 25 MiB parse) on a thread of its
/// own and awaits the result.
///
/// Why: tests run on Swift's cooperative pool, which has one thread per core (two on CI). In the
/// debug build two such tests each held a pool thread for about 30 s at the start of a clean-clone
/// run, and every other test in the process — HTTP servers, PostgreSQL clients, pure functions —
/// waited behind them (PostgreSQL operations hit their 30 s bound). On a thread of its own the work
/// still costs CPU, but it no longer stops the pool.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
