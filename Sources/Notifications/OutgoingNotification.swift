import Auth
import Foundation
import PlatformCore

/// A notification an app wants delivered to a user. `title`/`body` carry the full text; the
/// `private…` variants are what the lock screen shows when the user hides details (no names).
/// `idempotencyKey` makes delivery happen once however often it is attempted; `dedupeKey` and
/// `priority` feed the app's ``DeliveryRules``.
public struct OutgoingNotification: Sendable, Equatable {
    public var app: AppID
    public var user: UserID
    public var title: String
    public var body: String
    public var privateTitle: String
    public var privateBody: String
    public var category: String?
    public var threadID: String?
    /// Custom keys for deep links (IDs only, never names).
    public var data: [String: String]
    public var idempotencyKey: String
    public var dedupeKey: String?
    public var priority: Int

    public init(
        app: AppID, user: UserID, title: String, body: String, privateTitle: String, privateBody: String, category: String? = nil, threadID: String? = nil,
        data: [String: String] = [:], idempotencyKey: String, dedupeKey: String? = nil, priority: Int = 0
    ) {
        self.app = app
        self.user = user
        self.title = title
        self.body = body
        self.privateTitle = privateTitle
        self.privateBody = privateBody
        self.category = category
        self.threadID = threadID
        self.data = data
        self.idempotencyKey = idempotencyKey
        self.dedupeKey = dedupeKey
        self.priority = priority
    }
}

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

/// Sets a category's daily cap per user (e.g. by subscription tier): the engine asks it for every
/// notification of its app that has a category, and uses the answer instead of the rules'
/// `categoryCaps` entry when it gives one.
public protocol NotificationCapResolving: Sendable {
    func dailyCap(for user: UserID, category: String) async throws -> Int?
}

/// What happened to a notification.
public enum DeliveryResult: Sendable, Equatable {
    /// Sent: `channel` is `apns` or `outbox`; `devices` is how many devices accepted it.
    case delivered(channel: String, devices: Int)
    /// Already delivered (or being delivered) under this idempotency key; nothing sent again.
    case alreadyDelivered
    /// The user turned notifications off.
    case disabled
    /// Inside quiet hours: try again at this instant.
    case deferred(until: Date)
    /// A notification with the same dedupe key went out within the window.
    case deduplicated
    /// The user's daily cap is used up.
    case capped
    /// Nowhere to send it: APNs is configured but the user has no device.
    case noDevices
    /// Every device refused it or the push service failed.
    case failed(String)

    public var wasDelivered: Bool {
        if case .delivered = self { return true }
        return false
    }
}
