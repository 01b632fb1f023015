import Foundation
import Hummingbird
import PlatformCore

/// `GET /users/me/outbox`: the notifications the server recorded for the signed-in user in this
/// app (delivered to the outbox when APNs is not configured, or every channel with `?channel=all`),
/// newest first, so a deployment without push still shows what would have been sent.
public struct OutboxController: Sendable {
    let engine: NotificationEngine
    let app: AppID

    public init(engine: NotificationEngine, app: AppID) {
        self.engine = engine
        self.app = app
    }

    struct OutboxResponse: ResponseEncodable {
        var notifications: [DeliveryEntry]
        var count: Int
    }

    /// Adds the route to `api`, the group at the app's main authenticated root.
    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(
            PlatformRoutes(app: app).outbox,
            responding: { _, context, _, query -> OutboxResponse in
                let channel: String? = query.channel == .all ? nil : query.channel.rawValue
                let entries = try await engine.deliveries(for: context.userID, app: app, channel: channel, limit: query.limit)
                return OutboxResponse(notifications: entries, count: entries.count)
            })
    }
}
