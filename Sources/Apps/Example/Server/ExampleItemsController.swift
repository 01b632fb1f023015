import ExampleAPI
import Foundation
import Hummingbird
import PlatformCore

/// The item routes of ``ExampleRoutes``, one named handler each.
public struct ExampleItemsController: Sendable {
    let items: ExampleItemRepository

    public init(items: ExampleItemRepository) {
        self.items = items
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ExampleRoutes.items, use: list)
        api.on(ExampleRoutes.createItem, use: create)
        api.on(ExampleRoutes.item, use: read)
        api.on(ExampleRoutes.deleteItem, use: delete)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> [ExampleItem] {
        var v = Validator()
        let limit = v.queryInteger(
            request.uri.queryParameters.get("limit").map { String($0) }, "limit", default: ExampleRules.defaultListLimit, range: 1...ExampleRules.maxListLimit)
        try v.throwIfInvalid()
        return try await items.list(for: context.userID, limit: limit)
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
