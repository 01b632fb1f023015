import Foundation
import PlatformAPI

/// A deal's booking links for one placement (`GET /deals/{id}/links`): the caller's tier, A/B arm and
/// first matching watchlist are in every link's sub id.
public struct DealLinks: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", placement, variant, links }
    public var dealID: DealID
    public var placement: AffiliatePlacement
    public var variant: AffiliateVariant
    public var links: [BookingLink]

    public init(dealID: DealID, placement: AffiliatePlacement, variant: AffiliateVariant, links: [BookingLink]) {
        self.dealID = dealID
        self.placement = placement
        self.variant = variant
        self.links = links
    }

    /// `placement` required, one of ``AffiliatePlacement``.
    public static func checkPlacement(_ raw: String?) -> Checked<AffiliatePlacement> {
        var v = Validator()
        let placement = raw.flatMap(AffiliatePlacement.init(rawValue:))
        v.check(placement != nil, "placement", raw == nil ? "is required" : "must be dealcard, glasssheet or widget")
        return .from(v) { placement }
    }
}
