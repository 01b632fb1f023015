import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The open root of FareLens's webhooks (`/farelens`, no bearer token: they check their own signature).
    public static let openRoot = APIRoot.open(.farelens)

    /// A listed deal's booking links, `?placement=dealcard|glasssheet|widget`; unknown or expired → 404.
    public static let dealLinks = Route<DealID, NoBody, DealLinks>.Querying<DealLinksQuery>(.get, root, "/deals/{id}/links")
    /// Records an `affiliate_click` (201; docs/farelens.md, "Affiliate links and clicks").
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
