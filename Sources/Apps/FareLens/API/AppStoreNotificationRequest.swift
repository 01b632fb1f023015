import Foundation
import PlatformAPI

/// The body Apple posts to the App Store webhook (`{"signedPayload": "<JWS>"}`).
public struct AppStoreNotificationRequest: Codable, Sendable, Equatable {
    public var signedPayload: String

    public init(signedPayload: String) { self.signedPayload = signedPayload }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        public var signedPayload: String?

        public init(signedPayload: String? = nil) { self.signedPayload = signedPayload }
    }

    /// `signedPayload` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: Input) -> Checked<AppStoreNotificationRequest> {
        let signed = SubscriptionRules.checkSigned(input.signedPayload, "signedPayload")
        guard let jws = signed.value else { return .invalid(signed.problems) }
        return .valid(AppStoreNotificationRequest(signedPayload: jws))
    }

    /// This body as the server reads it.
    public var input: Input { Input(signedPayload: signedPayload) }
}
