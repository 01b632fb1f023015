import Auth
import Foundation
import PlatformCore

/// Per-app limits the engine enforces: quiet hours (on for every app by default, except for the
/// categories in `quietHoursBypass`: notifications at a time the user chose themselves, such as a
/// reminder set for 21:00), a dedupe window per `dedupeKey` (e.g. 12 h for price alerts), and a cap
/// on deliveries per user per local day (e.g. 3), which higher-priority notifications win because
/// the scheduler runs them first. `dailyCap` counts every delivery of the app; `categoryCaps` counts
/// only the deliveries of one category (an app may cap its immediate deal alerts, not its other
/// pushes), and the engine's per-app ``NotificationCapResolving`` may set that cap per user (a tier).
/// `defaultQuietHours` is the window a new account of the app starts with (nil: the platform's 22–8).
/// Each app module declares its own (`AppModule.deliveryRules`).
public struct DeliveryRules: Sendable, Equatable {
    public var respectQuietHours: Bool
    public var dedupeWindow: TimeInterval?
    public var dailyCap: Int?
    /// Categories delivered inside quiet hours too.
    public var quietHoursBypass: Set<String>
    /// A daily cap per category, counting that category's deliveries only.
    public var categoryCaps: [String: Int]
    public var defaultQuietHours: DefaultQuietHours?

    public init(
        respectQuietHours: Bool = true, dedupeWindow: TimeInterval? = nil, dailyCap: Int? = nil, quietHoursBypass: Set<String> = [], categoryCaps: [String: Int] = [:],
        defaultQuietHours: DefaultQuietHours? = nil
    ) {
        self.respectQuietHours = respectQuietHours
        self.dedupeWindow = dedupeWindow
        self.dailyCap = dailyCap
        self.quietHoursBypass = quietHoursBypass
        self.categoryCaps = categoryCaps
        self.defaultQuietHours = defaultQuietHours
    }

    /// Whether a notification of `category` waits for the end of quiet hours.
    public func holdsForQuietHours(category: String?) -> Bool {
        guard respectQuietHours else { return false }
        guard let category else { return true }
        return !quietHoursBypass.contains(category)
    }
}
