import Foundation

/// The answer of `POST …/users/device-token`.
public struct DeviceRegistration: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case status, deviceToken = "device_token", platform }
    /// "registered" or "updated".
    public var status: String
    public var deviceToken: String
    public var platform: String

    public init(status: String, deviceToken: String, platform: String) {
        self.status = status
        self.deviceToken = deviceToken
        self.platform = platform
    }
}
