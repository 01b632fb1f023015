import Foundation
import PlatformAPI

/// The body of `POST /farelens/v1/dev/tier` (development servers only): the tier to be on.
public struct DevTierRequest: Codable, Sendable, Equatable {
    public var tier: FareLensTier

    public init(tier: FareLensTier) { self.tier = tier }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        public var tier: String?

        public init(tier: String? = nil) { self.tier = tier }
    }

    /// `tier` one of ``FareLensTier``.
    public static func check(_ input: Input) -> Checked<DevTierRequest> {
        var v = Validator()
        let tier = v.requireEnum(input.tier, "tier", as: FareLensTier.self)
        return .from(v) { tier.map { DevTierRequest(tier: $0) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(tier: tier.rawValue) }
}
