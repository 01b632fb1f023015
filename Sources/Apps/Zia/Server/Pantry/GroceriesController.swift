import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// `POST /groceries/consolidate`: any list merged as a meal plan's is (``GroceryConsolidator``);
/// with `use_pantry`, also compared with the caller's pantry (the app's "Use My Pantry" toggle).
public struct GroceriesController: Sendable {
    let pantry: PantryRepository

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.consolidateGroceries, use: consolidate)
    }

    @Sendable func consolidate(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ConsolidatedGroceries {
        let body = try ConsolidateRequest.check(try await request.decode(as: ConsolidateRequest.Input.self, context: context)).get()
        let totals = GroceryConsolidator.totals(of: body.items.map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit) })
        let list = GroceryConsolidator.list(from: totals)
        guard body.usePantry else { return ConsolidatedGroceries(aisles: list.aisles) }
        let missing = PantryMatcher(pantry: try await pantry.stock(for: context.userID)).missing(from: totals)
        return ConsolidatedGroceries(aisles: list.aisles, missing: GroceryList(aisles: missing.aisles), meta: missing.meta)
    }
}

extension ConsolidatedGroceries: ResponseEncodable {}
