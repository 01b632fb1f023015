import Foundation
import JWTKit
import PlatformCore
import X509

/// A signed App Store payload that is not acceptable; `reason` completes "signed_transaction …".
struct SignedDataRejected: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
