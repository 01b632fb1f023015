import Foundation
import JWTKit

/// What FareLens reads of a subscription's renewal info (`JWSRenewalInfoDecodedPayload`): the end
/// of a billing grace period.
struct AppStoreRenewalInfo: JWTPayload, Equatable {
    var originalTransactionId: String?
    var gracePeriodExpiresDate: Int64?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
