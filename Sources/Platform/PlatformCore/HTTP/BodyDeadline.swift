/// How long a request body may take to arrive, as one rule: the whole body within ``timeout`` of its
/// head; on average at least ``minBytesPerSecond`` since the head, judged once ``grace`` has passed;
/// and never silent for ``stall``. It exists so a slow phone uploading a large photo is served while a
/// client trickling a byte every few seconds (or sending less than its `Content-Length`) is answered
/// 408 instead of holding a connection for ever (``HardenedHTTP1Channel``).
///
/// Times are offsets from the moment the body's clock started (its head, or the moment the server
/// began handling a request that waited behind pipelined ones).
public struct BodyDeadline: Sendable, Equatable {
    /// The whole body must have arrived by then.
    public var timeout: Duration
    /// The average rate since the head, in bytes per second; 0 sets no floor.
    public var minBytesPerSecond: Int
    /// The rate is not judged before this.
    public var grace: Duration
    /// The longest silence within a body.
    public var stall: Duration

    public init(timeout: Duration, minBytesPerSecond: Int, grace: Duration, stall: Duration) {
        self.timeout = timeout
        self.minBytesPerSecond = max(0, minBytesPerSecond)
        self.grace = grace
        self.stall = stall
    }

    /// The offset at which a body that has delivered `received` bytes, the last of them at
    /// `lastBytesAt`, has run out of time. Only ever moves later as bytes arrive, so a timer set for
    /// an earlier answer can simply ask again when it fires.
    public func deadline(received: Int, lastBytesAt: Duration) -> Duration {
        var limit = min(timeout, lastBytesAt + stall)
        if minBytesPerSecond > 0 {
            // The time `received` bytes buy at the minimum rate (capped: it cannot pass the timeout anyway).
            let earned = Duration.seconds(Double(received) / Double(minBytesPerSecond))
            limit = min(limit, max(grace, min(earned, timeout)))
        }
        return limit
    }

    /// The rule, for the 408's message.
    public func explanation() -> String {
        let rate = minBytesPerSecond > 0 ? ", at no less than \(minBytesPerSecond) bytes per second on average" : ""
        return "The request body did not arrive in time: it must arrive within \(Self.seconds(timeout)) seconds\(rate), "
            + "without pausing for \(Self.seconds(stall)) seconds."
    }

    static func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }
}
