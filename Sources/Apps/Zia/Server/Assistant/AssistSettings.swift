import PlatformCore
import ZiaAssistant

/// The assistant's limits, from Zia's settings (`ZIA_ASSIST_…`): requests per minute per client
/// address and per user (429 with `Retry-After` before the stream opens), and the monthly allowance
/// of assist requests per user (`quota_exceeded` after `context`).
public struct AssistSettings: Sendable, Equatable {
    public var requestsPerMinutePerAddress = 30
    public var requestsPerMinutePerUser = 30
    public var monthlyQuota = 300
    /// One run's budget across all its model calls (`ZIA_RUN_BUDGET_CENTS`, `ZIA_RUN_TOKEN_LIMIT`; docs/zia.md, "Models").
    public var engine = AssistantConfiguration()

    public init() {}

    enum Key {
        static let perAddress = SettingKey(
            "ASSIST_PER_ADDRESS_PER_MINUTE", "assist requests per minute from one client address", default: AssistSettings().requestsPerMinutePerAddress)
        static let perUser = SettingKey("ASSIST_PER_USER_PER_MINUTE", "assist requests per minute from one user", default: AssistSettings().requestsPerMinutePerUser)
        static let monthlyQuota = SettingKey(
            "ASSIST_MONTHLY_QUOTA", "assist requests per user per UTC month that end in a result (refusals and errors do not count)",
            default: AssistSettings().monthlyQuota)
        static let budgetCents = SettingKey(
            "RUN_BUDGET_CENTS", "US cents one assist request may spend across all its model calls (the offline model is free)",
            default: AssistSettings().engine.budgetCents)
        static let tokenLimit = SettingKey(
            "RUN_TOKEN_LIMIT", "tokens one assist request may use across all its model calls", default: AssistSettings().engine.tokenLimit)
    }

    /// Every key the assistant reads, relative to Zia's scope.
    public static let keys: [SettingKey] = [Key.perAddress, Key.perUser, Key.monthlyQuota, Key.budgetCents, Key.tokenLimit]

    /// Reads and checks the assistant's settings.
    public init(settings: Settings) throws {
        if let value = try settings.int(Key.perAddress, range: 1...100_000) { requestsPerMinutePerAddress = value }
        if let value = try settings.int(Key.perUser, range: 1...100_000) { requestsPerMinutePerUser = value }
        if let value = try settings.int(Key.monthlyQuota, range: 0...1_000_000) { monthlyQuota = value }
        if let value = try settings.int(Key.budgetCents, range: 0...10_000) { engine.budgetCents = value }
        if let value = try settings.int(Key.tokenLimit, range: 100...1_000_000) { engine.tokenLimit = value }
    }
}
