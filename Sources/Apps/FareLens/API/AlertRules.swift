import Foundation
import PlatformAPI

/// The limits of FareLens's alerts, shared by the server and the SDK.
public enum AlertRules {
    /// The immediate-alert threshold a user starts with (DealScore, 0–100).
    public static let defaultThreshold = 80
    /// The lowest threshold a user may set: deals under 60 are never listed.
    public static let minimumThreshold = 60
    /// A DealScore from which a deal is exceptional: sent at once outside quiet hours.
    public static let exceptionalScore = 90
    /// How long an alert for a user and route suppresses the next one.
    public static let dedupeWindow: TimeInterval = 12 * 3600
    /// Immediate alerts a day per tier (docs/farelens.md, "Alerts").
    public static func dailyCap(for tier: FareLensTier) -> Int { tier == .pro ? 6 : 3 }
    /// The most mutes a user keeps.
    public static let maxMutes = 200
}
