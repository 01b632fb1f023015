import Foundation
import PlatformAPI

/// When the household's kids go to bed and wake, and how long the wind-down before bed is.
public struct BedtimePreferences: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case bedtime, wakeTime = "wake_time", windDownMinutes = "wind_down_minutes", notes }
    /// `HH:MM`, 24-hour clock, in the user's time zone.
    public var bedtime: String?
    public var wakeTime: String?
    public var windDownMinutes: Int?
    public var notes: String?

    public init(bedtime: String? = nil, wakeTime: String? = nil, windDownMinutes: Int? = nil, notes: String? = nil) {
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.windDownMinutes = windDownMinutes
        self.notes = notes
    }

    /// Every field, unset ones as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(bedtime, forKey: .bedtime, in: encoder)
        try container.encodeNullable(wakeTime, forKey: .wakeTime, in: encoder)
        try container.encodeNullable(windDownMinutes, forKey: .windDownMinutes, in: encoder)
        try container.encodeNullable(notes, forKey: .notes, in: encoder)
    }
}
