import Foundation

/// The body of `POST …/users/device-token`: a push token and its platform ("ios" when absent).
public struct DeviceRegistrationRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case deviceToken = "device_token", platform }
    public var deviceToken: String?
    public var platform: String?

    public init(deviceToken: String?, platform: String?) {
        self.deviceToken = deviceToken
        self.platform = platform
    }
}
