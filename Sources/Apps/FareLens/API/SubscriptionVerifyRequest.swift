import Foundation
import PlatformAPI

/// The body of `POST /farelens/v1/subscriptions/verify`: the JWS StoreKit 2 hands the app
/// (`Transaction.jwsRepresentation`).
public struct SubscriptionVerifyRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case signedTransaction = "signed_transaction" }
    public var signedTransaction: String

    public init(signedTransaction: String) { self.signedTransaction = signedTransaction }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = SubscriptionVerifyRequest.CodingKeys
        public var signedTransaction: String?

        public init(signedTransaction: String? = nil) { self.signedTransaction = signedTransaction }
    }

    /// `signed_transaction` present and at most ``SubscriptionRules/maxSignedLength`` characters.
    public static func check(_ input: Input) -> Checked<SubscriptionVerifyRequest> {
        let signed = SubscriptionRules.checkSigned(input.signedTransaction, "signed_transaction")
        guard let jws = signed.value else { return .invalid(signed.problems) }
        return .valid(SubscriptionVerifyRequest(signedTransaction: jws))
    }

    /// This body as the server reads it.
    public var input: Input { Input(signedTransaction: signedTransaction) }
}
