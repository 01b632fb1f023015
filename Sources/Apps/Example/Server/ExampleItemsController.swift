import AppPlatform
import ExampleAPI
import Foundation
import Hummingbird
import PlatformCore

/// The item routes of ``ExampleRoutes``, one named handler each.
public struct ExampleItemsController: Sendable {
    let items: ExampleItemRepository
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(items: ExampleItemRepository, cursorSecret: Data) {
        self.items = items
        paging = ListPaging(secret: cursorSecret, list: "example.items")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ExampleRoutes.items, checkingFurther: list)
        api.on(ExampleRoutes.createItem, use: create)
        api.on(ExampleRoutes.item, use: read)
        api.on(ExampleRoutes.deleteItem, use: delete)
    }

    /// A page of the caller's items; the next page's cursor in `X-Next-Cursor` (a bad `limit` and a
    /// cursor not issued for this list are named in one 422).
    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<ExampleRoutes.ItemPages>>
    ) async throws -> EditedResponse<[ExampleItem]> {
        let page = try paging.page(query, for: context.userID)
        let found = try await items.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.response(found.items, next: found.next, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ExampleItem {
        let new = try NewExampleItem.check(try await request.decode(as: NewExampleItem.Input.self, context: context)).get()
        return try await items.create(new, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ExampleItemID) async throws -> ExampleItem {
        guard let item = try await items.find(id, for: context.userID) else { throw Self.notFound }
        return item
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ExampleItemID) async throws -> NoContent {
        guard try await items.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    /// The 404 of an item the caller does not have (missing or another user's).
    static let notFound = APIError.notFound(ExampleItemID.notFoundName, code: ExampleItemID.notFoundCode)
}

extension ExampleItem: ResponseEncodable {}
