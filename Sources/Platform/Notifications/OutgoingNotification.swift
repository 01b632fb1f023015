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
