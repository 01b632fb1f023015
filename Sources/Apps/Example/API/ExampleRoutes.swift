import Foundation
import PlatformAPI

extension AppID {
    /// Example (written by `scripts/new-app`): its path prefix `/example`, token audience and the
    /// `app` column of its platform rows.
    public static let example = AppID("example")
}

/// Every Example route, spelled once: method, path under its root, typed path parameter, body,
/// response and success status. The server registers its handlers through these, the SDK sends
/// through them and the route-table test checks the server and the OpenAPI document against
/// ``all``. Sign-in and account routes are the platform's (``platform``).
public enum ExampleRoutes {
    /// `/example/v1`, behind the bearer token.
    public static let root = APIRoot.api(.example, "/v1")
    /// Auth and account routes under Example's root.
    public static let platform = PlatformRoutes(root: root)

    /// The caller's items, newest first, a page at a time: `?limit` (1–100, 50) and `?cursor` (the
    /// `X-Next-Cursor` of the page before).
    public static let items = Route<NoParameter, NoBody, [ExampleItem]>.Querying<PageQuery<ItemPages>>(.get, root, "/items")
    public static let createItem = Route<NoParameter, NewExampleItem, ExampleItem>(.post, root, "/items", status: 201)
    public static let item = Route<ExampleItemID, NoBody, ExampleItem>(.get, root, "/items/{id}")
    public static let deleteItem = Route<ExampleItemID, NoBody, NoContent>(.delete, root, "/items/{id}")

    /// Every Example route, for the route-table check.
    public static let all: [RouteShape] = [items.shape, createItem.shape, item.shape, deleteItem.shape]

    /// The item list's page sizes, stated once for the server, the SDK and the document.
    public enum ItemPages: PageSize {
        public static let defaultLimit = ExampleRules.defaultListLimit
        public static let maxLimit = ExampleRules.maxListLimit
    }
}
