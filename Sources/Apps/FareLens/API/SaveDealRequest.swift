import Foundation
import PlatformAPI

/// The body of `POST /saved-deals`.
public struct SaveDealRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id" }
    public var dealID: DealID

    public init(dealID: DealID) { self.dealID = dealID }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = SaveDealRequest.CodingKeys
        public var dealID: String?

        public init(dealID: String? = nil) { self.dealID = dealID }
    }

    /// `deal_id` required, a deal id (a UUID).
    public static func check(_ body: Input) -> Checked<SaveDealRequest> {
        var v = Validator()
        let id = body.dealID.flatMap(DealID.init)
        v.check(id != nil, "deal_id", body.dealID == nil ? "is required" : "must be a deal id")
        return .from(v) { id.map { SaveDealRequest(dealID: $0) } }
    }

    /// This body as the server reads it.
    public var input: Input { Input(dealID: dealID.description) }
}
