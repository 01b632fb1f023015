import Foundation
import PlatformAPI

extension AppID {
    /// Zia (written by `scripts/new-app`): its path prefix `/zia`, token audience and the
    /// `app` column of its platform rows.
    public static let zia = AppID("zia")
}

/// Marks ``ZiaItemID``; names the 404 of a path that names no item of the caller's.
public enum ZiaItemEntity: NamedEntity {
    public static var entityName: String { "Item" }
    public static var notFoundCode: String { "item_not_found" }
}

/// One of a user's Zia items.
public typealias ZiaItemID = TypedID<ZiaItemEntity>

/// Every Zia route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them and the route-table test checks the server and the OpenAPI document against
/// ``all``. Sign-in and account routes are the platform's (``platform``).
public enum ZiaRoutes {
    /// `/zia/v1`, behind the bearer token.
    public static let root = APIRoot.api(.zia, "/v1")
    /// Auth and account routes under Zia's root.
    public static let platform = PlatformRoutes(root: root)

    /// The caller's items, newest first: `?limit` (1–100, 50).
    public static let items = Route<NoParameter, NoBody, [ZiaItem]>(.get, root, "/items")
    public static let createItem = Route<NoParameter, NewZiaItem, ZiaItem>(.post, root, "/items", status: 201)
    public static let item = Route<ZiaItemID, NoBody, ZiaItem>(.get, root, "/items/{id}")
    public static let deleteItem = Route<ZiaItemID, NoBody, NoContent>(.delete, root, "/items/{id}")

    /// Every Zia route, for the route-table check.
    public static let all: [RouteShape] = [items.shape, createItem.shape, item.shape, deleteItem.shape]
}
