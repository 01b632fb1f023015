import Foundation
import JWTKit

/// An App Store Server Notification v2 (`ResponseBodyV2DecodedPayload`), its transaction and
/// renewal info still signed.
struct AppStoreNotification: JWTPayload, Equatable {
    struct Payload: Codable, Sendable, Equatable {
        var bundleId: String?
        var signedTransactionInfo: String?
        var signedRenewalInfo: String?
        /// `Production` or `Sandbox`: where the notified purchase was made.
        var environment: String? = nil
    }
    var notificationType: String
    var subtype: String?
    var notificationUUID: String
    var data: Payload?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
