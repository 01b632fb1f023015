import Foundation
import JWTKit

/// What FareLens reads of a StoreKit 2 transaction (Apple's `JWSTransactionDecodedPayload`); times
/// are milliseconds since 1970 as Apple writes them.
struct AppStoreTransaction: JWTPayload, Equatable {
    var transactionId: String
    var originalTransactionId: String
    var bundleId: String
    var productId: String
    var purchaseDate: Int64?
    var expiresDate: Int64?
    var revocationDate: Int64?
    /// 1 introductory offer (FareLens's 14-day free trial), 2 promotional, 3 offer code, 4 win-back.
    var offerType: Int?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT` (iOS 17.2+; absent before).
    var offerDiscountType: String?
    /// `Production`, `Sandbox` or `Xcode`: where the purchase was made.
    var environment: String? = nil
    /// The UUID the app set at purchase (`.appAccountToken(_:)`): FareLens's user id of the buyer.
    var appAccountToken: String? = nil

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    var expiresAt: Date? { expiresDate.map(Date.init(appStoreMilliseconds:)) }
    var revokedAt: Date? { revocationDate.map(Date.init(appStoreMilliseconds:)) }
    /// The introductory offer that is FareLens's free trial.
    var isFreeTrial: Bool { offerType == 1 && (offerDiscountType == nil || offerDiscountType == "FREE_TRIAL") }
    /// The user the app named at purchase; nil when it named none or not a UUID.
    var buyer: UUID? { appAccountToken.flatMap(UUID.init(parsing:)) }
}

/// What FareLens reads of a subscription's renewal info (`JWSRenewalInfoDecodedPayload`): the end
/// of a billing grace period.
struct AppStoreRenewalInfo: JWTPayload, Equatable {
    var originalTransactionId: String?
    var gracePeriodExpiresDate: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

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

extension Date {
    init(appStoreMilliseconds milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
