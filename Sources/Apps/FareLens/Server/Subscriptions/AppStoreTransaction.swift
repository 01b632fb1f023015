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
