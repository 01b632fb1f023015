import AppPlatform
import Auth
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET /deals/{id}/links`, `POST /clicks`, `POST /bookings/survey` and the admins'
/// `GET /admin/affiliate-report`: affiliate deep linking around the listed deals (docs/farelens.md, "Affiliate links and clicks").
struct AffiliateController: Sendable {
    let deals: DealRepository
    let affiliate: AffiliateRepository
    let accounts: FareLensAccountRepository
    let watchlists: WatchlistRepository
    let composer: BookingLinkComposer
    let admins: AdminAllowList

    func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.dealLinks, use: links)
        api.on(FareLensRoutes.recordClick, use: click)
        api.on(FareLensRoutes.bookingSurvey, use: survey)
        api.group().add(middleware: AdminOnlyMiddleware(admins)).on(FareLensRoutes.affiliateReport, use: report)
    }

    /// The links of a listed deal for the caller at `placement`; each serving counts as an impression.
    @Sendable func links(_ request: Request, _ context: AuthenticatedContext, _ id: DealID, _ query: DealLinksQuery) async throws -> DealLinks {
        let placement = query.placement
        guard let deal = try await deals.find(id)?.deal else { throw DealsController.notFound }
        let attribution = try await BookingAttribution.of(context.userID, accounts: accounts, watchlists: watchlists)
        let subID = attribution.subID(dealID: id.description, for: deal, placement: placement)
        let trip = BookingTrip(origin: deal.origin, destination: deal.destination, departureDate: deal.departureDate, returnDate: deal.returnDate, cabin: deal.cabin)
        let links = composer.links(for: trip, airline: BookingAttribution.airline(deal.airline), subID: subID)
        try await affiliate.recordImpression(dealID: id.description, placement: placement, variant: attribution.variant, for: context.userID)
        return DealLinks(dealID: id, placement: placement, variant: attribution.variant, links: links)
    }

    @Sendable func click(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> AffiliateClick {
        let input = try AffiliateClickRequest.check(try await request.decode(as: AffiliateClickRequest.Input.self, context: context)).get()
        // Only a sub id the caller's own links carry: another arm's or a stranger's watchlist would skew the report.
        let attribution = try await BookingAttribution.of(context.userID, accounts: accounts, watchlists: watchlists)
        guard attribution.issued(input.subID) else {
            throw APIError.validation([FieldError(field: "sub_id", message: "is not a sub id of your booking links (your A/B arm and watchlists)")])
        }
        // A deal's id (a UUID) must name a deal, expired ones too; a searched offer's id is its place
        // in one provider answer ("1", "2", …), the same in every answer, so it is taken by shape.
        if let id = DealID(input.dealID), !(try await affiliate.isKnownDeal(id, for: context.userID)) { throw DealsController.notFound }
        return try await affiliate.recordClick(input, for: context.userID)
    }

    /// One answer per user and deal; the deal must be one FareLens knows (listed or expired, or its
    /// links served to the caller) or one the caller clicked (a searched offer), else 404.
    @Sendable func survey(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> BookingSurveyAnswer {
        let input = try BookingSurveyRequest.check(try await request.decode(as: BookingSurveyRequest.Input.self, context: context)).get()
        var known = false
        if let id = DealID(input.dealID) { known = try await affiliate.isKnownDeal(id, for: context.userID) }
        if !known { known = try await affiliate.clicked(input.dealID, by: context.userID) }
        guard known else { throw DealsController.notFound }
        return try await affiliate.answerSurvey(dealID: input.dealID, completed: input.completed, for: context.userID)
    }

    @Sendable func report(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> AffiliateReport {
        try await affiliate.reportInputs().report
    }
}

extension DealLinks: ResponseEncodable {}
extension AffiliateClick: ResponseEncodable {}
extension BookingSurveyAnswer: ResponseEncodable {}
extension AffiliateReport: ResponseEncodable {}
