import FareLensAPI
import Foundation
import Hummingbird
import PlatformCore

/// The item routes of ``FareLensRoutes``, one named handler each.
public struct FareLensItemsController: Sendable {
    let items: FareLensItemRepository

    public init(items: FareLensItemRepository) {
        self.items = items
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(FareLensRoutes.items, use: list)
        api.on(FareLensRoutes.createItem, use: create)
        api.on(FareLensRoutes.item, use: read)
        api.on(FareLensRoutes.deleteItem, use: delete)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> [FareLensItem] {
        var v = Validator()
        let limit = v.queryInteger(
            request.uri.queryParameters.get("limit").map { String($0) }, "limit", default: FareLensRules.defaultListLimit, range: 1...FareLensRules.maxListLimit)
        try v.throwIfInvalid()
        return try await items.list(for: context.userID, limit: limit)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> FareLensItem {
        let new = try NewFareLensItem.check(try await request.decode(as: NewFareLensItem.Input.self, context: context)).get()
        return try await items.create(new, for: context.userID)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: FareLensItemID) async throws -> FareLensItem {
        guard let item = try await items.find(id, for: context.userID) else { throw Self.notFound }
        return item
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: FareLensItemID) async throws -> NoContent {
        guard try await items.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    /// The 404 of an item the caller does not have (missing or another user's).
    static let notFound = APIError.notFound(FareLensItemID.notFoundName, code: FareLensItemID.notFoundCode)
}

extension FareLensItem: ResponseEncodable {}
