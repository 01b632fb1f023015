import Foundation
import PlatformAPI

/// The body of `POST /saved-deals`.
public struct SaveDealRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id" }
    public var dealID: String?

    public init(dealID: String?) { self.dealID = dealID }

    /// `deal_id` required, a deal id (a UUID).
    public static func check(_ body: SaveDealRequest) -> Checked<DealID> {
        var v = Validator()
        let id = body.dealID.flatMap(DealID.init)
        v.check(id != nil, "deal_id", body.dealID == nil ? "is required" : "must be a deal id")
        return .from(v) { id }
    }
}
