import Foundation
import PlatformAPI

/// A mute as answered by `POST /alerts/mutes`: its id undoes it.
public struct AlertMute: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, route, airline, createdAt = "created_at" }
    public var id: AlertMuteID
    public var route: MutedRoute?
    public var airline: String?
    public var createdAt: Date

    public init(id: AlertMuteID, route: MutedRoute?, airline: String?, createdAt: Date) {
        self.id = id
        self.route = route
        self.airline = airline
        self.createdAt = createdAt
    }
}
