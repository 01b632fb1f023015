import Foundation
import PlatformAPI

/// `GET /config`'s answer (docs/farelens.md, "Config"): the feature flags the server ships and the
/// caller's A/B assignments, so the app needs no third-party config service.
public struct FareLensConfig: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case flags, experiments }
    /// Every shipped flag by name.
    public var flags: [String: Bool]
    public var experiments: Experiments

    public init(flags: [String: Bool], experiments: Experiments) {
        self.flags = flags
        self.experiments = experiments
    }

    /// The caller's arm of each running test.
    public struct Experiments: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey { case affiliateCTA = "affiliate_cta" }
        /// The booking links' CTA test: the same variant the links' `sub_id` carries.
        public var affiliateCTA: AffiliateVariant

        public init(affiliateCTA: AffiliateVariant) { self.affiliateCTA = affiliateCTA }
    }
}
