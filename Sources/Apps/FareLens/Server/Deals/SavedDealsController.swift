import AppPlatform
import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// `GET/POST /saved-deals`, `DELETE /saved-deals/{deal_id}`: the caller's saved deals.
public struct SavedDealsController: Sendable {
    let deals: DealRepository
    let saved: SavedDealRepository
    let paging: ListPaging

    public init(deals: DealRepository, saved: SavedDealRepository, cursorSecret: Data) {
        self.deals = deals
        self.saved = saved
        self.paging = ListPaging(secret: cursorSecret, list: "farelens.saved-deals")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.savedDeals, checkingFurther: list)
        api.on(FareLensRoutes.saveDeal, edited: save)
        api.on(FareLensRoutes.deleteSavedDeal, use: delete)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<FareLensRoutes.DealPages>>
    ) async throws -> EditedResponse<FareLensList<SavedDeal>> {
        let page = try paging.page(query, for: context.userID)
        let found = try await saved.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.fareLensList(found.saved, next: found.next, for: context.userID)
    }

    /// 201 for a new save, 200 for a deal saved already; a deal that is unknown or expired is a 404.
    @Sendable func save(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<SavedDeal> {
        let id = try SaveDealRequest.check(try await request.decode(as: SaveDealRequest.Input.self, context: context)).get().dealID
        guard let deal = try await deals.find(id)?.deal else { throw DealsController.notFound }
        let result = try await saved.save(deal, for: context.userID)
        return EditedResponse(status: result.created ? .created : .ok, response: result.saved)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: DealID) async throws -> NoContent {
        guard try await saved.delete(id, for: context.userID) else { throw DealsController.notFound }
        return NoContent()
    }
}
