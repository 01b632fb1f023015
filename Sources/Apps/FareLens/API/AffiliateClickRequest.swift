import Foundation
import PlatformAPI

/// `affiliate_click` (`POST /clicks`; docs/farelens.md, "Affiliate links and clicks"): a booking link the user opened.
public struct AffiliateClickRequest: Encodable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", placement, provider, subID = "sub_id" }
    public var dealID: String
    public var placement: AffiliatePlacement
    public var provider: String
    public var subID: AffiliateSubID

    public init(dealID: String, placement: AffiliatePlacement, provider: String, subID: AffiliateSubID) {
        self.dealID = dealID
        self.placement = placement
        self.provider = provider
        self.subID = subID
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dealID, forKey: .dealID)
        try container.encode(placement, forKey: .placement)
        try container.encode(provider, forKey: .provider)
        try container.encode(subID.description, forKey: .subID)
    }

    /// The body as it arrives: every field optional, so what is missing is a 422 naming it.
    public struct Input: Codable, Sendable, Equatable {
        typealias CodingKeys = AffiliateClickRequest.CodingKeys
        public var dealID: String?
        public var placement: String?
        public var provider: String?
        public var subID: String?

        public init(dealID: String? = nil, placement: String? = nil, provider: String? = nil, subID: String? = nil) {
            self.dealID = dealID
            self.placement = placement
            self.provider = provider
            self.subID = subID
        }
    }

    /// The booking link providers a click may name (``BookingLinkComposer``'s targets).
    public static let providers = ["airline", "aviasales", "wayaway"]
    /// The longest deal id taken (a deal's UUID or a searched offer's id), in Unicode code points: an
    /// identifier, not a person's text, so the count is the one the OpenAPI document's `maxLength` states.
    public static let maxDealID = 64
    /// The longest sub id taken, in Unicode code points (the document's `maxLength`).
    public static let maxSubID = 400

    /// A deal id as clicks and surveys take it: 1–64 code points without control characters.
    static func isDealID(_ text: String) -> Bool {
        (1...maxDealID).contains(text.unicodeScalars.count) && !ControlCharacters.containsForbidden(text)
    }

    /// `deal_id` 1–64 code points without control characters; `placement` one of ``AffiliatePlacement``;
    /// `provider` airline|aviasales|wayaway; `sub_id` a sub id (``AffiliateSubID/parse(_:)``) naming
    /// that deal and placement.
    public static func check(_ body: Input) -> Checked<AffiliateClickRequest> {
        var v = Validator()
        let deal = body.dealID
        let dealOK = deal.map(isDealID) ?? false
        v.check(dealOK, "deal_id", deal == nil ? "is required" : "must be 1–\(maxDealID) characters (code points) without control characters")
        let placement = body.placement.flatMap(AffiliatePlacement.init(rawValue:))
        v.check(placement != nil, "placement", body.placement == nil ? "is required" : "must be dealcard, glasssheet or widget")
        let provider = body.provider.flatMap { providers.contains($0) ? $0 : nil }
        v.check(provider != nil, "provider", body.provider == nil ? "is required" : "must be airline, aviasales or wayaway")
        let subID = body.subID.flatMap { $0.unicodeScalars.count <= maxSubID ? AffiliateSubID.parse($0) : nil }
        if body.subID == nil {
            v.fail("sub_id", "is required")
        } else if let raw = body.subID, raw.unicodeScalars.count > maxSubID {
            v.fail("sub_id", "must be at most \(maxSubID) characters (code points)")
        } else if let subID {
            if dealOK { v.check(subID.dealID == deal, "sub_id", "must name the clicked deal_id") }
            if let placement { v.check(subID.placement == placement, "sub_id", "must name the click's placement") }
        } else {
            v.fail("sub_id", "must be a sub id ios-fl-{dealId}-{wl}-{placement}-{ab}-{tier}")
        }
        return .from(v) { AffiliateClickRequest(dealID: deal!, placement: placement!, provider: provider!, subID: subID!) }
    }

    /// This body as the server reads it.
    public var input: Input { Input(dealID: dealID, placement: placement.rawValue, provider: provider, subID: subID.description) }
}
