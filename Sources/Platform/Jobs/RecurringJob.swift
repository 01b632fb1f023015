import Foundation

/// Periodic work (cron-like): the scheduler keeps exactly one pending occurrence of each, keyed
/// `recurring:{name}:{epoch seconds}`. Occurrence times are aligned (to multiples of the interval,
/// or to a weekday and time in UTC), so several instances starting at once compute the same next
/// occurrence and the idempotency key lets only one of them enqueue it.
public struct RecurringJob: Sendable {
    public enum Schedule: Sendable, Equatable {
        /// Every `seconds`, at multiples of it since the Unix epoch.
        case every(seconds: Int)
        /// Every day at `hour:minute` UTC.
        case daily(hour: Int, minute: Int)
        /// Every week on `weekday` (1 = Sunday … 7 = Saturday) at `hour:minute` UTC.
        case weekly(weekday: Int, hour: Int, minute: Int)
    }

    public var name: String
    public var kind: String
    public var schedule: Schedule
    public var payload: String
    /// Whether the server also runs the job as soon as it starts (work a fresh server needs before
    /// the first aligned occurrence, such as a feed filled from scratch). Servers starting within the same
    /// period run it once between them (``startOccurrence(at:)``).
    public var runsAtStart: Bool

    public init(name: String, kind: String, schedule: Schedule, payload: String = "{}", runsAtStart: Bool = false) {
        self.name = name
        self.kind = kind
        self.schedule = schedule
        self.payload = payload
        self.runsAtStart = runsAtStart
    }

    public var keyPrefix: String { "recurring:\(name):" }

    /// The first occurrence strictly after `date`.
    public func nextOccurrence(after date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        switch schedule {
        case .every(let interval):
            let step = Double(max(1, interval))
            return Date(timeIntervalSince1970: (floor(seconds / step) + 1) * step)
        case .daily(let hour, let minute):
            let day = 86_400.0
            let offset = Double(hour * 3600 + minute * 60)
            var candidate = floor(seconds / day) * day + offset
            if candidate <= seconds { candidate += day }
            return Date(timeIntervalSince1970: candidate)
        case .weekly(let weekday, let hour, let minute):
            // 1970-01-01 was a Thursday (weekday 5); day index 0 is that Thursday.
            let day = 86_400.0
            let dayIndex = floor(seconds / day)
            let currentWeekday = (Int(dayIndex) + 4) % 7 + 1
            var daysAhead = (weekday - currentWeekday + 7) % 7
            var candidate = (dayIndex + Double(daysAhead)) * day + Double(hour * 3600 + minute * 60)
            if candidate <= seconds {
                daysAhead += 7
                candidate = (dayIndex + Double(daysAhead)) * day + Double(hour * 3600 + minute * 60)
            }
            return Date(timeIntervalSince1970: candidate)
        }
    }

    /// The run at a server's start: due at once, keyed by the period it falls in, so instances
    /// starting within one period enqueue it once; it counts as the job's pending occurrence, so the
    /// next aligned one is enqueued after it ran.
    func startOccurrence(at date: Date) -> NewJob {
        let period = Int(nextOccurrence(after: date).timeIntervalSince1970)
        return NewJob(kind: kind, payload: payload, runAt: date, idempotencyKey: keyPrefix + "start-" + String(period), maxAttempts: 3)
    }

    func occurrence(after date: Date) -> NewJob {
        let runAt = nextOccurrence(after: date)
        return NewJob(kind: kind, payload: payload, runAt: runAt, idempotencyKey: keyPrefix + String(Int(runAt.timeIntervalSince1970)), maxAttempts: 3)
    }
}
