import Foundation
import PlatformAPI

extension ZiaRoutes {
    /// Merges a list (names normalised, quantities summed across units, rounded to what a shopper
    /// buys, grouped by aisle); with `use_pantry`, also what is missing from the caller's pantry.
    public static let consolidateGroceries = Route<NoParameter, ConsolidateRequest, ConsolidatedGroceries>(.post, root, "/groceries/consolidate")
    /// The caller's pantry, by aisle then name.
    public static let pantry = Route<NoParameter, NoBody, PantryList>(.get, root, "/pantry")
    /// Adds an item to the caller's pantry (its aisle guessed when not given).
    public static let addPantryItem = Route<NoParameter, PantryItemInput, PantryItem>(.post, root, "/pantry", status: 201)
    /// Replaces one of the caller's pantry items; anyone else's is a 404.
    public static let updatePantryItem = Route<PantryItemID, PantryItemInput, PantryItem>(.put, root, "/pantry/{id}")
    /// Deletes one of the caller's pantry items; anyone else's is a 404.
    public static let deletePantryItem = Route<PantryItemID, NoBody, NoContent>(.delete, root, "/pantry/{id}")

    /// The groceries, pantry and pantry-aware lists routes, for ``all``.
    public static let pantryRoutes: [RouteShape] = [
        consolidateGroceries.shape, pantry.shape, addPantryItem.shape, updatePantryItem.shape, deletePantryItem.shape,
    ]
}
