import Foundation
import PlatformAPI

/// "Did you complete booking?" (`POST /bookings/survey`; docs/farelens.md, "Affiliate links and clicks"): one answer per user and deal, a
/// second replacing the first.
public struct BookingSurveyRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", completed }
    public var dealID: String
    public var completed: Bool

    public init(dealID: String, completed: Bool) {
        self.dealID = dealID
        self.completed = completed
    }

    /// The body as it arrives.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = BookingSurveyRequest.CodingKeys
        public var dealID: String?
        public var completed: Bool?

        public init(dealID: String? = nil, completed: Bool? = nil) {
            self.dealID = dealID
            self.completed = completed
        }
    }

    /// `deal_id` required, 1–64 code points without control characters; `completed` required.
    public static func check(_ body: Input) -> Checked<BookingSurveyRequest> {
        var v = Validator()
        let dealOK = body.dealID.map(AffiliateClickRequest.isDealID) ?? false
        v.check(
            dealOK, "deal_id", body.dealID == nil ? "is required" : "must be 1–\(AffiliateClickRequest.maxDealID) characters (code points) without control characters")
        v.check(body.completed != nil, "completed", "is required")
        return .from(v) { BookingSurveyRequest(dealID: body.dealID!, completed: body.completed!) }
    }

    /// This body as the server reads it.
    public var input: Input { Input(dealID: dealID, completed: completed) }
}
