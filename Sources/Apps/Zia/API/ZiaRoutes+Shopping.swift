import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// Starts a shopping session from a saved meal plan or a list (the session in progress, if
    /// any, is abandoned first).
    public static let startGrocerySession = Route<NoParameter, GrocerySessionStart, GrocerySession>(.post, root, "/grocery-sessions/start", status: 201)
    /// The session in progress, or null.
    public static let activeGrocerySession = Route<NoParameter, NoBody, ActiveGrocerySession>(.get, root, "/grocery-sessions/active")
    /// The caller's trips counted, and their aisle order.
    public static let groceryStats = Route<NoParameter, NoBody, GroceryShoppingStats>(.get, root, "/grocery-sessions/stats/summary")
    /// Checks or unchecks an item (a closed session: 409).
    public static let checkGroceryItem = Route<GrocerySessionID, GroceryItemCheck, GrocerySession>(.post, root, "/grocery-sessions/{id}/check")
    /// Skips an item the store did not have (a closed session: 409).
    public static let skipGroceryItem = Route<GrocerySessionID, GroceryItemSkip, GrocerySession>(.post, root, "/grocery-sessions/{id}/skip")
    /// Completes a session (early too), adding its bought items to the pantry when it says so.
    public static let completeGrocerySession = Route<GrocerySessionID, NoBody, CompletedGrocerySession>(.post, root, "/grocery-sessions/{id}/complete")
    /// Abandons a session.
    public static let abandonGrocerySession = Route<GrocerySessionID, NoBody, GrocerySession>(.post, root, "/grocery-sessions/{id}/abandon")

    /// The grocery shopping sessions routes, for ``all``.
    public static let shoppingRoutes: [RouteShape] = [
        startGrocerySession.shape, activeGrocerySession.shape, groceryStats.shape, checkGroceryItem.shape, skipGroceryItem.shape, completeGrocerySession.shape,
        abandonGrocerySession.shape,
    ]
}
