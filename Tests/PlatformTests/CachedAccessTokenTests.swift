import Foundation
import PlatformCore
import Synchronization
import TestSupport
import Testing

/// The one cached bearer token (Google's service-account tokens, Amadeus's client credentials):
/// one exchange for callers arriving together, kept until its margin, and a refused token forgotten
/// only while it is still the cached one.
@Suite("A cached access token", .timeLimit(.minutes(1)))
struct CachedAccessTokenTests {
    @Test("callers arriving together share one exchange; the token is kept until the margin before it expires")
    func sharedAndKept() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let exchanges = Atomic<Int>(0)
        let tokens = CachedAccessToken(refreshMargin: 60, clock: clock) { now in
            let n = exchanges.add(1, ordering: .sequentiallyConsistent).newValue
            try await Task.sleep(for: .milliseconds(50))
            return ("token-\(n)", now.addingTimeInterval(3600))
        }
        let got = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await tokens.token() } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(got) == ["token-1"] && exchanges.load(ordering: .sequentiallyConsistent) == 1)
        clock.advance(by: 3600 - 61)
        #expect(try await tokens.token() == "token-1", "more than the margin remains")
        clock.advance(by: 2)
        #expect(try await tokens.token() == "token-2", "within the margin: exchanged anew")
    }

    @Test("a refused token is forgotten only while it is still the cached one; a failed exchange is not cached")
    func discard() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let exchanges = Atomic<Int>(0)
        let failNext = Atomic<Bool>(false)
        struct Refused: Error {}
        let tokens = CachedAccessToken(refreshMargin: 60, clock: clock) { now in
            if failNext.exchange(false, ordering: .sequentiallyConsistent) { throw Refused() }
            let n = exchanges.add(1, ordering: .sequentiallyConsistent).newValue
            return ("token-\(n)", now.addingTimeInterval(3600))
        }
        let first = try await tokens.token()
        await tokens.discard(first)
        let second = try await tokens.token()
        #expect(first == "token-1" && second == "token-2")
        await tokens.discard(first)
        #expect(try await tokens.token() == "token-2", "a late 401 for the old token keeps the new one")
        await tokens.discard(second)
        failNext.store(true, ordering: .sequentiallyConsistent)
        await #expect(throws: Refused.self) { try await tokens.token() }
        #expect(try await tokens.token() == "token-3", "the failure was not cached")
    }
}
