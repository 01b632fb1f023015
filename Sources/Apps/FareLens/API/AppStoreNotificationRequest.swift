import Foundation
import PlatformAPI

/// The body Apple posts to the App Store webhook (`{"signedPayload": "<JWS>"}`).
public struct AppStoreNotificationRequest: Codable, Sendable, Equatable {
    public var signedPayload: String?

    public init(signedPayload: String?) { self.signedPayload = signedPayload }

    /// `signedPayload` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: AppStoreNotificationRequest) -> Checked<String> {
        SubscriptionRules.checkSigned(input.signedPayload, "signedPayload")
    }
}
