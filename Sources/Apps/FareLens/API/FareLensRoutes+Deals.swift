import Foundation
import PlatformAPI

extension FareLensRoutes {
    /// The caller's smart-queue feed, `?origin&destination&airlines&max_price&limit&cursor`; the next
    /// page's cursor is in `X-Next-Cursor`.
    public static let deals = Route<NoParameter, NoBody, FareLensList<Deal>>.Querying<DealFeedQuery>(.get, root, "/deals")
    /// One listed deal with its explanation, fare options and price history; expired or unknown → 404.
    public static let deal = Route<DealID, NoBody, DealDetail>(.get, root, "/deals/{id}")
    /// The caller's saved deals, newest first, `?limit&cursor`; the next page's cursor is in `X-Next-Cursor`.
    public static let savedDeals = Route<NoParameter, NoBody, FareLensList<SavedDeal>>.Querying<PageQuery<DealPages>>(.get, root, "/saved-deals")
    /// Saves a listed deal (201; 200 when it was already saved).
    public static let saveDeal = Route<NoParameter, SaveDealRequest, SavedDeal>(.post, root, "/saved-deals", status: 201)
    /// Forgets a saved deal (404 when it is not saved).
    public static let deleteSavedDeal = Route<DealID, NoBody, NoContent>(.delete, root, "/saved-deals/{deal_id}")

    /// The deal routes, part of ``all``.
    public static let dealRoutes: [RouteShape] = [deals.shape, deal.shape, savedDeals.shape, saveDeal.shape, deleteSavedDeal.shape]
}
