import Foundation
import PlatformCore

/// One APNs request: for an alert, the `aps` dictionary (alert title and body, sound, category for
/// the View/Snooze actions, thread id for grouping); for a background push, `aps` holds only
/// `content-available: 1`; either way custom top-level keys for deep links or the app's data, and
/// the headers that go with it.
public struct APNsPayload: Sendable, Equatable {
    /// `apns-push-type`: a visible alert, or a background (silent) push that wakes the app.
    public enum PushType: String, Sendable, Equatable { case alert, background }

    public var pushType: PushType = .alert
    public var title: String
    public var body: String
    public var category: String?
    public var threadID: String?
    public var data: [String: String]
    public var sound: String?
    /// Notifications with the same collapse id replace each other on the device.
    public var collapseID: String?
    /// 10 delivers immediately, 5 when convenient for the device's power.
    public var priority: Int
    public var expiration: Date?
    /// The app sending it, which selects its APNs topic (bundle ID); not part of the JSON body.
    public var app: AppID?

    public init(
        title: String, body: String, category: String? = nil, threadID: String? = nil, data: [String: String] = [:], sound: String? = "default", collapseID: String? = nil,
        priority: Int = 10, expiration: Date? = nil, app: AppID? = nil
    ) {
        self.title = title
        self.body = body
        self.category = category
        self.threadID = threadID
        self.data = data
        self.sound = sound
        self.collapseID = collapseID
        self.priority = priority
        self.expiration = expiration
        self.app = app
    }

    /// A background push carrying `data` only: `content-available: 1`, priority 5 (APNs refuses 10
    /// for background pushes), no alert, sound or badge.
    public static func background(data: [String: String], app: AppID?) -> APNsPayload {
        var payload = APNsPayload(title: "", body: "", data: data, sound: nil, priority: 5, app: app)
        payload.pushType = .background
        return payload
    }

    /// The JSON body APNs expects.
    public func jsonData() throws -> Data {
        var aps: [String: Any]
        switch pushType {
        case .background:
            aps = ["content-available": 1]
        case .alert:
            aps = ["alert": ["title": title, "body": body]]
            if let sound { aps["sound"] = sound }
            if let category { aps["category"] = category }
            if let threadID { aps["thread-id"] = threadID }
        }
        var root: [String: Any] = [:]
        for (key, value) in data where key != "aps" { root[key] = value }
        root["aps"] = aps
        return try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }
}
