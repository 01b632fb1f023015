import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI

/// `GET/POST /pantry`, `PUT/DELETE /pantry/{id}`: the caller's own items; anyone else's is the 404 a missing one is.
/// An item answers with its version (`ETag`); a `PUT` or `DELETE` with `If-Match` changes only that
/// version (else 412), so a change queued offline never overwrites one made elsewhere meanwhile.
public struct PantryController: Sendable {
    let pantry: PantryRepository

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.pantry, use: list)
        api.on(ZiaRoutes.addPantryItem, edited: add)
        api.on(ZiaRoutes.updatePantryItem, edited: update)
        api.on(ZiaRoutes.deletePantryItem, use: delete)
    }

    @Sendable func list(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> PantryList {
        PantryList(items: try await pantry.list(for: context.userID))
    }

    @Sendable func add(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<PantryItem> {
        let entry = try PantryItemInput.check(try await request.decode(as: PantryItemInput.self, context: context)).get()
        let item = try await pantry.add(entry, for: context.userID)
        return tagged(item, updatedAt: item.updatedAt, status: .created)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: PantryItemID) async throws -> EditedResponse<PantryItem> {
        let entry = try PantryItemInput.check(try await request.decode(as: PantryItemInput.self, context: context)).get()
        guard let item = try await pantry.update(id, with: entry, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.notFound }
        return tagged(item, updatedAt: item.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: PantryItemID) async throws -> NoContent {
        guard try await pantry.delete(id, for: context.userID, ifMatch: IfMatch(request, entity: Self.entity)) else { throw Self.notFound }
        return NoContent()
    }

    /// What a 412's message calls an item.
    static let entity = "pantry item"

    static var notFound: APIError { APIError.notFound(PantryItemID.notFoundName, code: PantryItemID.notFoundCode) }
}

extension PantryItem: ResponseEncodable {}
extension PantryList: ResponseEncodable {}
