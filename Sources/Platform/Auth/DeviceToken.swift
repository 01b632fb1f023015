import Foundation

/// A registered push token on one of the user's devices.
public struct DeviceToken: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case token, platform, createdAt = "created_at", updatedAt = "updated_at" }
    public var token: String
    public var platform: String
    public var createdAt: Date
    public var updatedAt: Date
}
