import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// The item routes of ``ZiaRoutes``, one named handler each.
public struct ZiaItemsController: Sendable {
    let items: ZiaItemRepository

    public init(items: ZiaItemRepository) {
        self.items = items
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.items, use: list)
        api.on(ZiaRoutes.createItem, use: create)
        api.on(ZiaRoutes.item, use: read)
        api.on(ZiaRoutes.deleteItem, use: delete)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> [ZiaItem] {
        var v = Validator()
        let limit = v.queryInteger(
            request.uri.queryParameters.get("limit").map { String($0) }, "limit", default: ZiaRules.defaultListLimit, range: 1...ZiaRules.maxListLimit)
        try v.throwIfInvalid()
        return try await items.list(for: context.userID, limit: limit)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ZiaItem {
        let new = try NewZiaItem.check(try await request.decode(as: NewZiaItem.Input.self, context: context)).get()
        return try await items.create(new, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ZiaItemID) async throws -> ZiaItem {
        guard let item = try await items.find(id, for: context.userID) else { throw Self.notFound }
        return item
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ZiaItemID) async throws -> NoContent {
        guard try await items.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    /// The 404 of an item the caller does not have (missing or another user's).
    static let notFound = APIError.notFound(ZiaItemID.notFoundName, code: ZiaItemID.notFoundCode)
}

extension ZiaItem: ResponseEncodable {}
