import Foundation
import PlatformAPI

extension AppID {
    /// FareLens (written by `scripts/new-app`): its path prefix `/farelens`, token audience and the
    /// `app` column of its platform rows.
    public static let farelens = AppID("farelens")
}

/// Marks ``FareLensItemID``; names the 404 of a path that names no item of the caller's.
public enum FareLensItemEntity: NamedEntity {
    public static var entityName: String { "Item" }
    public static var notFoundCode: String { "item_not_found" }
}

/// One of a user's FareLens items.
public typealias FareLensItemID = TypedID<FareLensItemEntity>

/// Every FareLens route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them and the route-table test checks the server and the OpenAPI document against
/// ``all``. Sign-in and account routes are the platform's (``platform``).
public enum FareLensRoutes {
    /// `/farelens/v1`, behind the bearer token.
    public static let root = APIRoot.api(.farelens, "/v1")
    /// Auth and account routes under FareLens's root.
    public static let platform = PlatformRoutes(root: root)

    /// The caller's items, newest first: `?limit` (1–100, 50).
    public static let items = Route<NoParameter, NoBody, [FareLensItem]>(.get, root, "/items")
    public static let createItem = Route<NoParameter, NewFareLensItem, FareLensItem>(.post, root, "/items", status: 201)
    public static let item = Route<FareLensItemID, NoBody, FareLensItem>(.get, root, "/items/{id}")
    public static let deleteItem = Route<FareLensItemID, NoBody, NoContent>(.delete, root, "/items/{id}")

    /// Every FareLens route, for the route-table check.
    public static let all: [RouteShape] = [items.shape, createItem.shape, item.shape, deleteItem.shape] + airportRoutes
}
