import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import ZiaAPI
import ZiaAssistant

/// Interactive shopping (docs/zia.md, "Grocery sessions") under `/grocery-sessions`: start from a saved meal plan
/// or a list, check and skip items, complete (adding bought items to the pantry) or abandon; the
/// session in progress and the trips' summary. Another user's session is a 404; a closed one
/// refuses changes with 409.
public struct GrocerySessionsController: Sendable {
    let sessions: GrocerySessionRepository

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(ZiaRoutes.startGrocerySession, use: start)
        api.on(ZiaRoutes.activeGrocerySession, use: active)
        api.on(ZiaRoutes.groceryStats, use: stats)
        api.on(ZiaRoutes.checkGroceryItem, use: check)
        api.on(ZiaRoutes.skipGroceryItem, use: skip)
        api.on(ZiaRoutes.completeGrocerySession, use: complete)
        api.on(ZiaRoutes.abandonGrocerySession, use: abandon)
    }

    @Sendable func start(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> GrocerySession {
        let body = try GrocerySessionStart.check(try await request.decode(as: GrocerySessionStart.Input.self, context: context)).get()
        let list: GroceryList
        var artifact: UUID?
        switch body.source {
        case .items(let lines):
            list = GroceryConsolidator.consolidate(lines.map { GroceryEntry(name: $0.name, quantity: $0.quantity, unit: $0.unit) })
        case .artifact(let id):
            switch try await sessions.mealPlanGrocery(id, for: context.userID) {
            case .success(let grocery):
                // A saved plan's list is consolidated like any list (merged, rounded, aisles checked).
                list = GroceryConsolidator.consolidate(
                    grocery.aisles.values.flatMap { $0 }.map { item in
                        GroceryEntry(name: item.name, quantity: item.quantity.flatMap { GroceryRules.acceptable($0) }, unit: item.unit)
                    }.filter { !$0.name.trimmedOfWhitespace.isEmpty })
            case .failure(.notFound): throw APIError.notFound("Artifact", code: "artifact_not_found")
            case .failure(.notAMealPlan): throw APIError.validation([FieldError(field: "artifact_id", message: "must be a meal plan's id (this artifact is not a meal plan)")])
            }
            artifact = id
        }
        let lines = list.aisles.sorted { $0.key < $1.key }.flatMap { aisle, items in items.map { ($0, GroceryAisle(rawValue: aisle) ?? .other) } }
        return try await sessions.start(lines.map(\.0), aisles: lines.map(\.1), artifact: artifact, autoAddToPantry: body.autoAddToPantry, for: context.userID)
    }

    @Sendable func active(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> ActiveGrocerySession {
        ActiveGrocerySession(try await sessions.active(for: context.userID))
    }

    @Sendable func stats(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> GroceryShoppingStats {
        try await sessions.stats(for: context.userID)
    }

    @Sendable func check(_ request: Request, _ context: AuthenticatedContext, _ id: GrocerySessionID) async throws -> GrocerySession {
        let body = try GroceryItemCheck.check(try await request.decode(as: GroceryItemCheck.Input.self, context: context)).get()
        return try Self.answer(try await sessions.check(body.itemID, body.checked, in: id, for: context.userID))
    }

    @Sendable func skip(_ request: Request, _ context: AuthenticatedContext, _ id: GrocerySessionID) async throws -> GrocerySession {
        let item = try GroceryItemSkip.check(try await request.decode(as: GroceryItemSkip.Input.self, context: context)).get().itemID
        return try Self.answer(try await sessions.skip(item, in: id, for: context.userID))
    }

    @Sendable func complete(_ request: Request, _ context: AuthenticatedContext, _ id: GrocerySessionID) async throws -> CompletedGrocerySession {
        try Self.answer(try await sessions.complete(id, for: context.userID))
    }

    @Sendable func abandon(_ request: Request, _ context: AuthenticatedContext, _ id: GrocerySessionID) async throws -> GrocerySession {
        try Self.answer(try await sessions.abandon(id, for: context.userID))
    }

    /// The value, or the refusal as its status: 404 for a session or item not found, 409 for a closed session.
    static func answer<T>(_ result: Result<T, GrocerySessionRepository.Refusal>) throws -> T {
        switch result {
        case .success(let value): return value
        case .failure(.sessionNotFound): throw APIError.notFound(GrocerySessionID.notFoundName, code: GrocerySessionID.notFoundCode)
        case .failure(.itemNotFound): throw APIError.notFound("Grocery session item", code: "grocery_item_not_found")
        case .failure(.closed(let status)): throw APIError.conflict("The grocery session is \(status.rawValue); start a new one", code: "grocery_session_closed")
        }
    }
}

extension GrocerySession: ResponseEncodable {}
extension ActiveGrocerySession: ResponseEncodable {}
extension CompletedGrocerySession: ResponseEncodable {}
extension GroceryShoppingStats: ResponseEncodable {}
