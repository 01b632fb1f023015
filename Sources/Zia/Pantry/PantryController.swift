import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET/POST /pantry`, `PUT/DELETE /pantry/{id}`: the caller's own items; anyone else's is the 404 a missing one is.
public struct PantryController: Sendable {
    let pantry: PantryRepository

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.pantry, use: list)
        api.on(ZiaRoutes.addPantryItem, use: add)
        api.on(ZiaRoutes.updatePantryItem, use: update)
        api.on(ZiaRoutes.deletePantryItem, use: delete)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> PantryList {
        PantryList(items: try await pantry.list(for: context.userID))
    }

    @Sendable func add(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> PantryItem {
        let entry = try PantryItemInput.check(try await request.decode(as: PantryItemInput.self, context: context)).get()
        return try await pantry.add(entry, for: context.userID)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: PantryItemID) async throws -> PantryItem {
        let entry = try PantryItemInput.check(try await request.decode(as: PantryItemInput.self, context: context)).get()
        guard let item = try await pantry.update(id, with: entry, for: context.userID) else { throw Self.notFound }
        return item
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: PantryItemID) async throws -> NoContent {
        guard try await pantry.delete(id, for: context.userID) else { throw Self.notFound }
        return NoContent()
    }

    static var notFound: APIError { APIError.notFound(PantryItemID.notFoundName, code: PantryItemID.notFoundCode) }
}

extension PantryItem: ResponseEncodable {}
extension PantryList: ResponseEncodable {}
