import AppServer
import PlatformCore
import Testing

/// The body deadline's rule on its own: what the defaults let through (the largest upload on a weak
/// mobile link) and what they stop (a trickle, a silence, a body that never ends).
@Suite("Body deadline")
struct BodyDeadlineTests {
    /// The rule a zero-config server applies.
    static func defaultRule() throws -> (rule: BodyDeadline, maxUpload: Int) {
        let configuration = try ServerConfiguration.load(environment: [:])
        let rule = BodyDeadline(
            timeout: .seconds(configuration.httpBodyTimeoutSeconds), minBytesPerSecond: configuration.httpBodyMinBytesPerSecond,
            grace: .seconds(configuration.httpHeaderTimeoutSeconds), stall: .seconds(configuration.httpIdleTimeoutSeconds))
        return (rule, configuration.maxUploadBytes)
    }

    /// When a body sent in `chunk`-byte pieces every `interval` runs out of time (nil: it all arrives
    /// in time). The deadline is asked as the handler's timer would: after each piece.
    static func timedOut(_ rule: BodyDeadline, total: Int, chunk: Int, every interval: Duration) -> Duration? {
        var received = 0
        var now = Duration.zero
        var lastBytesAt = Duration.zero
        while received < total {
            let next = now + interval
            if next > rule.deadline(received: received, lastBytesAt: lastBytesAt) { return rule.deadline(received: received, lastBytesAt: lastBytesAt) }
            now = next
            received += min(chunk, total - received)
            lastBytesAt = now
        }
        return nil
    }

    @Test("the defaults let the largest upload arrive at 1 Mbit/s (a weak mobile uplink), in 64 KiB pieces")
    func largestUploadOnASlowLink() throws {
        let (rule, maxUpload) = try Self.defaultRule()
        #expect(maxUpload >= 27 << 20)
        // 125,000 bytes/s: a 64 KiB piece every 524 ms.
        let interval = Duration.seconds(Double(64 << 10) / 125_000)
        #expect(Self.timedOut(rule, total: maxUpload, chunk: 64 << 10, every: interval) == nil)
        // Also in bursts: 250 KB every 2 s.
        #expect(Self.timedOut(rule, total: 5 << 20, chunk: 250_000, every: .seconds(2)) == nil)
    }

    @Test("the defaults stop a byte every 5 seconds once the grace (the header timeout) has passed")
    func trickleIsStopped() throws {
        let (rule, _) = try Self.defaultRule()
        let stopped = try #require(Self.timedOut(rule, total: 1000, chunk: 1, every: .seconds(5)))
        #expect(stopped == rule.grace)
    }

    @Test("a body silent for the stall bound is stopped however much it sent before")
    func silenceIsStopped() throws {
        let (rule, _) = try Self.defaultRule()
        // 10 MB in 10 s, then nothing: the rate would allow minutes more, the silence does not.
        #expect(rule.deadline(received: 10_000_000, lastBytesAt: .seconds(10)) == .seconds(10) + rule.stall)
    }

    @Test("the whole body is bounded even at a good rate; no rate floor when it is 0")
    func wholeBodyBound() throws {
        let (rule, _) = try Self.defaultRule()
        #expect(rule.deadline(received: 1 << 30, lastBytesAt: rule.timeout - .seconds(1)) == rule.timeout)
        var noFloor = rule
        noFloor.minBytesPerSecond = 0
        #expect(noFloor.deadline(received: 0, lastBytesAt: .zero) == noFloor.stall)
    }
}
