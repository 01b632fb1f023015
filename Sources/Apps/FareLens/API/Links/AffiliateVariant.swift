import Foundation
import PlatformAPI

/// The user's arm of the CTA test ("Book on Aviasales" vs "View on Aviasales"): stable per user, so the same person
/// always sees the same wording and conversions are attributed to one arm (docs/farelens.md, "Flight search and quota").
public enum AffiliateVariant: String, Codable, Sendable, CaseIterable {
    case variantA, variantB

    /// The user's arm: FNV-1a of the id's 16 bytes, even → A, odd → B (the same on every server and release).
    public static func assigned(to user: UUID) -> AffiliateVariant {
        let bytes = withUnsafeBytes(of: user.uuid) { Array($0) }
        return FNV1a.hash(bytes) % 2 == 0 ? .variantA : .variantB
    }

    /// The call to action on a button to `provider`: A "Book on …", B "View on …".
    public func callToAction(_ provider: String) -> String {
        switch self {
        case .variantA: "Book on \(provider)"
        case .variantB: "View on \(provider)"
        }
    }
}
