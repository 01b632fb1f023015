import Foundation
import PlatformCore

/// The search part's settings (`FARELENS_…`): each live provider's monthly quota, the per-user
/// search rate and where Travelpayouts answers (its production API unless set, for fakes in tests).
public struct FlightSearchSettings: Sendable {
    /// Amadeus Self-Service's free tier: 2,000 calls a month (the paid tier: 10,000).
    public var amadeusMonthlyQuota = 2_000
    public var travelpayoutsMonthlyQuota = 10_000
    /// Searches one user may run a minute (cache hits included).
    public var searchesPerMinutePerUser = 30
    public var travelpayoutsBaseURL = TravelpayoutsClient.defaultBaseURL

    public init() {}

    enum Key {
        static let amadeusQuota = SettingKey(
            "AMADEUS_MONTHLY_QUOTA", "Amadeus calls a month (UTC) FareLens may spend: 2000 on the free tier, 10000 on the paid one", default: 2_000)
        static let travelpayoutsQuota = SettingKey("TRAVELPAYOUTS_MONTHLY_QUOTA", "Travelpayouts calls a month (UTC) FareLens may spend", default: 10_000)
        static let searchesPerMinute = SettingKey("SEARCHES_PER_MINUTE_PER_USER", "Flight searches one user may run a minute (cache hits count); more is 429", default: 30)
        static let travelpayoutsBaseURL = SettingKey(
            "TRAVELPAYOUTS_BASE_URL", "Travelpayouts API base URL", default: TravelpayoutsClient.defaultBaseURL, aliases: ["TRAVELPAYOUTS_BASE_URL"])
    }

    /// Every key read, relative to FareLens's scope.
    public static let keys: [SettingKey] = [Key.amadeusQuota, Key.travelpayoutsQuota, Key.searchesPerMinute, Key.travelpayoutsBaseURL]

    public init(settings: Settings) throws {
        amadeusMonthlyQuota = try settings.int(Key.amadeusQuota, range: 1...10_000_000) ?? amadeusMonthlyQuota
        travelpayoutsMonthlyQuota = try settings.int(Key.travelpayoutsQuota, range: 1...10_000_000) ?? travelpayoutsMonthlyQuota
        searchesPerMinutePerUser = try settings.int(Key.searchesPerMinute, range: 1...10_000) ?? searchesPerMinutePerUser
        if let url = settings.string(Key.travelpayoutsBaseURL) {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ConfigurationInvalid("TRAVELPAYOUTS_BASE_URL must be an http(s) URL, not \(url)")
            }
            travelpayoutsBaseURL = url
        }
    }
}
