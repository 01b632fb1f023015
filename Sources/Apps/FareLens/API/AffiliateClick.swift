import Foundation
import PlatformAPI

/// A recorded click (201 of `POST /clicks`).
public struct AffiliateClick: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, dealID = "deal_id", placement, provider, subID = "sub_id", clickedAt = "clicked_at" }
    public var id: AffiliateClickID
    public var dealID: String
    public var placement: AffiliatePlacement
    public var provider: String
    public var subID: String
    public var clickedAt: Date

    public init(id: AffiliateClickID, dealID: String, placement: AffiliatePlacement, provider: String, subID: String, clickedAt: Date) {
        self.id = id
        self.dealID = dealID
        self.placement = placement
        self.provider = provider
        self.subID = subID
        self.clickedAt = clickedAt
    }
}
