import Foundation
import PlatformAPI

/// The body of `POST /farelens/v1/subscriptions/verify`: the JWS StoreKit 2 hands the app
/// (`Transaction.jwsRepresentation`).
public struct SubscriptionVerifyRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case signedTransaction = "signed_transaction" }
    public var signedTransaction: String?

    public init(signedTransaction: String?) { self.signedTransaction = signedTransaction }

    /// `signed_transaction` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: SubscriptionVerifyRequest) -> Checked<String> {
        SubscriptionRules.checkSigned(input.signedTransaction, "signed_transaction")
    }
}
