import Foundation
import PlatformAPI
import ZiaAPI

/// The monthly allowance of assist requests per user, over UTC calendar months: what is used is
/// counted from the month's first instant, and it renews at the next month's.
public struct AssistQuota: Sendable, Equatable {
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }

    private static let calendar = LocalDate.utcCalendar

    /// The first instant of `now`'s UTC month.
    public static func monthStart(_ now: Date) -> Date {
        calendar.date(from: calendar.dateComponents([.year, .month], from: now))!
    }

    /// The first instant of the UTC month after `now`'s.
    public static func nextMonthStart(_ now: Date) -> Date {
        calendar.date(byAdding: .month, value: 1, to: monthStart(now))!
    }

    /// The `quota_exceeded` event's data when `used` leaves nothing this month; nil while some is left.
    public func exceeded(used: Int, now: Date) -> AssistQuotaExceeded? {
        guard used >= limit else { return nil }
        return AssistQuotaExceeded(
            limit: limit, used: used, resetsAt: Self.nextMonthStart(now),
            message:
                "You have used \(limit == 1 ? "your 1 assistant request" : "all \(limit) assistant requests") for this month. Requests renew on \(ISO8601.string(from: Self.nextMonthStart(now)).prefix(10))."
        )
    }
}
