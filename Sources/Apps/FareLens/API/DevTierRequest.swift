import Foundation
import PlatformAPI

/// The body of `POST /farelens/v1/dev/tier` (development servers only): the tier to be on.
public struct DevTierRequest: Codable, Sendable, Equatable {
    public var tier: String?

    public init(tier: String?) { self.tier = tier }

    /// `tier` one of ``FareLensTier``.
    public static func check(_ input: DevTierRequest) -> Checked<FareLensTier> {
        var v = Validator()
        let tier = v.requireEnum(input.tier, "tier", as: FareLensTier.self)
        return .from(v) { tier }
    }
}
