import Foundation
import PlatformAPI

/// One live provider's monthly quota (`GET /farelens/v1/quota`).
public struct FlightProviderQuota: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case provider, used, limit, remaining, dayUsed = "day_used", dayPace = "day_pace", resetsAt = "resets_at", state }
    /// `amadeus` or `travelpayouts`.
    public var provider: String
    public var used: Int
    public var limit: Int
    public var remaining: Int
    /// Calls spent today (UTC).
    public var dayUsed: Int
    /// The day's pace (limit ÷ days in the month, rounded up): background and watchlist work stops
    /// for the day beyond it; user searches do not.
    public var dayPace: Int
    /// The first instant of next month (UTC), when the counter starts again.
    public var resetsAt: Date
    public var state: FlightQuotaState

    public init(provider: String, used: Int, limit: Int, dayUsed: Int, dayPace: Int, resetsAt: Date, state: FlightQuotaState) {
        self.provider = provider
        self.used = used
        self.limit = limit
        self.remaining = max(0, limit - used)
        self.dayUsed = dayUsed
        self.dayPace = dayPace
        self.resetsAt = resetsAt
        self.state = state
    }
}
