import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import __App__API

/// The item routes of ``__App__Routes``, one named handler each.
public struct __App__ItemsController: Sendable {
    let items: __App__ItemRepository
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the list's cursors are signed with.
    public init(items: __App__ItemRepository, cursorSecret: Data) {
        self.items = items
        paging = ListPaging(secret: cursorSecret, list: "__app__.items")
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(__App__Routes.items, checkingFurther: list)
        api.on(__App__Routes.createItem, use: create)
        api.on(__App__Routes.item, use: read)
        api.on(__App__Routes.deleteItem, use: delete)
    }

    /// A page of the caller's items; the next page's cursor in `X-Next-Cursor` (a bad `limit` and a
    /// cursor not issued for this list are named in one 422).
    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<__App__Routes.ItemPages>>
    ) async throws -> EditedResponse<[__App__Item]> {
        let page = try paging.page(query, for: context.userID)
        let found = try await items.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.response(found.items, next: found.next, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> __App__Item {
        let new = try New__App__Item.check(try await request.decode(as: New__App__Item.Input.self, context: context)).get()
        return try await items.create(new, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: __App__ItemID) async throws -> __App__Item {
        guard let item = try await items.find(id, for: context.userID) else { throw Self.notFound }
        return item
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: __App__ItemID) async throws -> NoContent {
        guard try await items.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    /// The 404 of an item the caller does not have (missing or another user's).
    static let notFound = APIError.notFound(__App__ItemID.notFoundName, code: __App__ItemID.notFoundCode)
}

extension __App__Item: ResponseEncodable {}
