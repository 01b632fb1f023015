import FareLensAPI
import Foundation
import PlatformAPI

/// One live provider's monthly quota rules, pure: how far into the month each purpose may spend
/// (user searches to 100 %, Pro watchlists to 96 %, Free watchlists to 93 %, background work to
/// 90 %), the day's pace (limit ÷ days in the month, rounded up) that watchlist work never passes
/// and background work may use a quarter of (so a refresh at midnight leaves the day's watchlist
/// checks their calls), while user searches pass it; the 80 % warning, and the state a client's
/// banner shows.
public struct QuotaPolicy: Sendable, Equatable {
    public let provider: FlightOfferSource
    public let limit: Int

    public init(provider: FlightOfferSource, limit: Int) {
        self.provider = provider
        self.limit = max(1, limit)
    }

    /// Percent of the month each purpose may use; priority is who may go furthest.
    static func share(of purpose: FlightSearchPurpose) -> Int {
        switch purpose {
        case .userSearch: 100
        case .watchlist(tier: .pro): 96
        case .watchlist(tier: .free): 93
        case .background: 90
        }
    }

    static let warningPercent = 80

    /// Calls a purpose may reach: it spends while `used` is below this.
    public func ceiling(for purpose: FlightSearchPurpose) -> Int { limit * Self.share(of: purpose) / 100 }

    /// The calls of the day the purpose may reach (it spends while the day's count is below this):
    /// watchlist work the day's pace, background work a quarter of it (at least one), user searches
    /// no daily bound (nil).
    public func dayCeiling(for purpose: FlightSearchPurpose, on day: LocalDate) -> Int? {
        switch purpose {
        case .userSearch: nil
        case .watchlist: dayPace(on: day)
        case .background: max(1, dayPace(on: day) / 4)
        }
    }

    /// The calls of one day at an even pace through `month` ("2026-02": 2000 → 72).
    public func dayPace(on day: LocalDate) -> Int {
        let days = LocalDate.daysIn(month: day.month, year: day.year)
        return (limit + days - 1) / days
    }

    /// From this many calls, the month's warning is given (once).
    public var warningThreshold: Int { (limit * Self.warningPercent + 99) / 100 }

    public func state(used: Int) -> FlightQuotaState {
        if used >= limit { return .exhausted }
        if used >= ceiling(for: .background) { return .backgroundPaused }
        if used >= warningThreshold { return .warning }
        return .ok
    }

    /// `YYYY-MM` of the UTC month holding `instant`: the counter's key, so a new month starts at 0.
    public static func monthKey(_ instant: Date) -> String { String(dayKey(instant).prefix(7)) }

    /// `YYYY-MM-DD` of the UTC day holding `instant`.
    public static func dayKey(_ instant: Date) -> String { LocalDate(instant, in: .utc).text }

    /// The first instant of the UTC month after the one holding `instant`.
    public static func monthReset(after instant: Date) -> Date {
        let day = LocalDate(instant, in: .utc)
        let next = day.month == 12 ? LocalDate(year: day.year + 1, month: 1, day: 1) : LocalDate(year: day.year, month: day.month + 1, day: 1)
        return next.instant(hour: 0, in: .utc)
    }

    /// The first instant of the UTC day after the one holding `instant`.
    public static func dayReset(after instant: Date) -> Date { LocalDate(instant, in: .utc).adding(days: 1).instant(hour: 0, in: .utc) }
}

extension TimeZone {
    static let utc = TimeZone(identifier: "UTC")!
}
