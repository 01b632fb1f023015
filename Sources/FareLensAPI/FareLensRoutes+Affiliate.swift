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

/// The seed's `affiliate_click` (`POST /clicks`): a booking link the user opened.
public struct AffiliateClickRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", placement, provider, subID = "sub_id" }
    public var dealID: String?
    public var placement: String?
    public var provider: String?
    public var subID: String?

    public init(dealID: String?, placement: String?, provider: String?, subID: String?) {
        self.dealID = dealID
        self.placement = placement
        self.provider = provider
        self.subID = subID
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
    public static func check(_ body: AffiliateClickRequest) -> Checked<AffiliateClick.Input> {
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
        return .from(v) { AffiliateClick.Input(dealID: deal!, placement: placement!, provider: provider!, subID: subID!) }
    }
}

/// The marker type of ``AffiliateClickID``.
public enum AffiliateClickEntity {}
/// A recorded click's id: on the wire the lower-case UUID every FareLens id is.
public typealias AffiliateClickID = TypedID<AffiliateClickEntity>

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

    /// A checked click body.
    public struct Input: Sendable, Equatable {
        public var dealID: String
        public var placement: AffiliatePlacement
        public var provider: String
        public var subID: AffiliateSubID
    }
}

/// The seed's "Did you complete booking?" (`POST /bookings/survey`): one answer per user and deal, a
/// second replacing the first.
public struct BookingSurveyRequest: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", completed }
    public var dealID: String?
    public var completed: Bool?

    public init(dealID: String?, completed: Bool?) {
        self.dealID = dealID
        self.completed = completed
    }

    /// `deal_id` required, 1–64 code points without control characters; `completed` required.
    public static func check(_ body: BookingSurveyRequest) -> Checked<(dealID: String, completed: Bool)> {
        var v = Validator()
        let dealOK = body.dealID.map(AffiliateClickRequest.isDealID) ?? false
        v.check(
            dealOK, "deal_id", body.dealID == nil ? "is required" : "must be 1–\(AffiliateClickRequest.maxDealID) characters (code points) without control characters")
        v.check(body.completed != nil, "completed", "is required")
        return .from(v) { (body.dealID!, body.completed!) }
    }
}

/// The stored survey answer.
public struct BookingSurveyAnswer: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case dealID = "deal_id", completed, answeredAt = "answered_at" }
    public var dealID: String
    public var completed: Bool
    public var answeredAt: Date

    public init(dealID: String, completed: Bool, answeredAt: Date) {
        self.dealID = dealID
        self.completed = completed
        self.answeredAt = answeredAt
    }
}

/// What the Travelpayouts webhook answers: the notification's id, whether it was new, and whether it
/// matched a click within the cookie window.
public struct CommissionReceipt: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case id, duplicate, matched }
    public var id: String
    public var duplicate: Bool
    public var matched: Bool

    public init(id: String, duplicate: Bool, matched: Bool) {
        self.id = id
        self.duplicate = duplicate
        self.matched = matched
    }
}

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

extension FareLensRoutes {
    /// The open root of FareLens's webhooks (`/farelens`, no bearer token: they check their own signature).
    public static let openRoot = APIRoot.open(.farelens)

    /// A listed deal's booking links, `?placement=dealcard|glasssheet|widget`; unknown or expired → 404.
    public static let dealLinks = Route<DealID, NoBody, DealLinks>(.get, root, "/deals/{id}/links")
    /// Records the seed's `affiliate_click` (201).
    public static let recordClick = Route<NoParameter, AffiliateClickRequest, AffiliateClick>(.post, root, "/clicks", status: 201)
    /// The caller's answer to "Did you complete booking?" for a deal (a second answer replaces the first).
    public static let bookingSurvey = Route<NoParameter, BookingSurveyRequest, BookingSurveyAnswer>(.post, root, "/bookings/survey")
    /// The affiliate report, for the admin allow-list (others 403).
    public static let affiliateReport = Route<NoParameter, NoBody, AffiliateReport>(.get, root, "/admin/affiliate-report")
    /// Travelpayouts's commission notifications, signed with HMAC-SHA256 over the raw body
    /// (`X-Travelpayouts-Signature`); 404 when no secret is configured.
    public static let travelpayoutsWebhook = Route<NoParameter, NoBody, RawBody>(.post, openRoot, root.path + "/webhooks/travelpayouts")

    /// The affiliate routes, part of ``all``.
    public static let affiliateRoutes: [RouteShape] = [
        dealLinks.shape, recordClick.shape, bookingSurvey.shape, affiliateReport.shape, travelpayoutsWebhook.shape,
    ]
}
