import Foundation
import PlatformCore
import Synchronization
import TestSupport
import Testing

/// The one bound on waiting for work: the work's result in time, ``TimeLimit/Exceeded`` after the
/// bound whatever the work does, a late result handed to `abandoned`, a cancelled caller released.
@Suite("Time limits", .timeLimit(.minutes(1)))
struct TimeLimitTests {
    @Test("a result in time is the result; an error is the error")
    func inTime() async throws {
        #expect(try await TimeLimit.run(within: .seconds(5)) { 42 } == 42)
        await #expect(throws: CancellationError.self) { try await TimeLimit.run(within: .seconds(5)) { () async throws -> Int in throw CancellationError() } }
        #expect(await TimeLimit.value(within: .seconds(5)) { "x" } == "x")
    }

    @Test("work that ignores cancellation cannot hold the caller: Exceeded after the bound, its late result abandoned")
    func lateWorkIsAbandoned() async throws {
        let abandoned = Atomic<Int>(0)
        let started = ContinuousClock.now
        await #expect(throws: TimeLimit.Exceeded.self) {
            try await TimeLimit.run(within: .milliseconds(100), abandoned: { abandoned.add($0, ordering: .relaxed) }) { () async -> Int in
                // Deaf to cancellation, without spinning.
                await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 8) { resumed.resume() }
                }
                return 7
            }
        }
        #expect(ContinuousClock.now - started < .seconds(4), "the bound, not the work's 8 s")
        #expect(await TimeLimit.value(within: .milliseconds(50)) { try? await Task.sleep(for: .seconds(5)) } == nil)
        _ = try await eventually(every: .milliseconds(20)) { abandoned.load(ordering: .relaxed) != 0 }
        #expect(abandoned.load(ordering: .relaxed) == 7)
    }

    @Test("a cancelled caller stops waiting at once")
    func cancelledCaller() async {
        let waiting = Task { try await TimeLimit.run(within: .seconds(30)) { try await Task.sleep(for: .seconds(30)) } }
        try? await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        waiting.cancel()
        _ = await waiting.result
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
