import FareLensAPI
import HTTPTypes
import PlatformCore

/// An App Store signed payload (a transaction, a notification, renewal info) that is refused: a
/// 422 naming the field it came in.
struct SignedPayloadRefused: Error, Equatable {
    let field: String
    let reason: String
}
