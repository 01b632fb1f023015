import Foundation
import PlatformAPI

/// The operators' affiliate report: link impressions, clicks, conversions, CTR and median time from
/// click to booking, by placement and by A/B arm.
public struct AffiliateReport: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case byPlacement = "by_placement", byVariant = "by_variant", unmatchedConversions = "unmatched_conversions" }
    public var byPlacement: [Row]
    public var byVariant: [Row]
    /// Commissions that matched no click within the cookie window.
    public var unmatchedConversions: Int

    public init(byPlacement: [Row], byVariant: [Row], unmatchedConversions: Int) {
        self.byPlacement = byPlacement
        self.byVariant = byVariant
        self.unmatchedConversions = unmatchedConversions
    }

    /// One placement's or arm's numbers.
    public struct Row: Codable, Sendable, Equatable {
        enum CodingKeys: String, CodingKey {
            case key, impressions, clicks, conversions, ctr, medianTimeToBookSeconds = "median_time_to_book_seconds"
        }
        /// The placement or the arm.
        public var key: String
        public var impressions: Int
        public var clicks: Int
        public var conversions: Int
        /// clicks ÷ impressions; nil without impressions.
        public var ctr: Double?
        /// The median of the matched conversions' time since their click; nil without conversions.
        public var medianTimeToBookSeconds: Double?

        public init(key: String, impressions: Int, clicks: Int, conversions: Int, ctr: Double?, medianTimeToBookSeconds: Double?) {
            self.key = key
            self.impressions = impressions
            self.clicks = clicks
            self.conversions = conversions
            self.ctr = ctr
            self.medianTimeToBookSeconds = medianTimeToBookSeconds
        }
    }
}
