import Foundation
import Observation

/// The saved plans list (`GET /artifacts`): newest first, filtered by type on the server, paged by
/// its `X-Next-Cursor`; delete removes the row at once and puts it back where it was when the
/// server refuses; open loads one plan whole.
@MainActor
@Observable
public final class SavedItemsViewModel {
    public private(set) var filter: SavedFilter = .all
    public private(set) var items: [Artifact] = []
    /// Where the next page starts; nil once the last page is loaded.
    public private(set) var nextCursor: String?
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    /// The plan opened with ``open(_:)``.
    public private(set) var opened: Artifact?

    let api: ZiaAPIClient
    let pageSize: Int

    /// - Parameter pageSize: plans per request (the server allows 1–100).
    public init(api: ZiaAPIClient, pageSize: Int = ArtifactRules.defaultPage) {
        self.api = api
        self.pageSize = min(max(pageSize, 1), ArtifactRules.maxPage)
    }

    public var hasMore: Bool { nextCursor != nil }

    /// Loads the first page under `filter` (the current one when nil), replacing the list. A new
    /// filter empties the list at once, so another filter's rows or cursor never show under it.
    public func load(_ filter: SavedFilter? = nil) async {
        if let filter, filter != self.filter {
            self.filter = filter
            items = []
            nextCursor = nil
        }
        let asked = self.filter
        isLoading = true
        defer { isLoading = false }
        do {
            let (page, cursor) = try await page(after: nil)
            // A chip tapped meanwhile wins: its own load replaces this one.
            guard asked == self.filter else { return }
            items = page
            nextCursor = cursor
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Appends the next page (nothing on the last page or while loading).
    public func loadMore() async {
        guard let cursor = nextCursor, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let (page, next) = try await page(after: cursor)
            let known = Set(items.map(\.id))
            items += page.filter { !known.contains($0.id) }
            nextCursor = next
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    /// Deletes a plan: gone from the list at once, back in its place if the server refuses (a plan
    /// the server no longer has stays gone). Returns whether it is gone.
    @discardableResult
    public func delete(_ id: ArtifactID) async -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        let removed = items.remove(at: index)
        if opened?.id == id { opened = nil }
        do {
            _ = try await api.send(ZiaRoutes.deleteArtifact, id)
        } catch ClientError.notFound {
        } catch {
            let position = items.firstIndex { $0.createdAt < removed.createdAt } ?? items.endIndex
            items.insert(removed, at: position)
            errorMessage = "The plan was not deleted: " + ScreenText.message(error)
            return false
        }
        errorMessage = nil
        return true
    }

    /// Opens one plan (read fresh from the server).
    public func open(_ id: ArtifactID) async {
        do {
            opened = try await api.send(ZiaRoutes.artifact, id)
            errorMessage = nil
        } catch {
            errorMessage = ScreenText.message(error)
        }
    }

    public func close() { opened = nil }

    /// Whether a swap is on its way (a screen disables its swap buttons meanwhile).
    public private(set) var isSwapping = false

    /// Changes one day of a saved meal plan ("something else instead of Tuesday's curry"): the
    /// server picks a dish that fits the household and `reason` (or puts `recipeID` there), keeps
    /// the other days and recomputes the groceries. The plan in the list and the opened one show
    /// the answer; a refusal (a day the plan does not have, a recipe that breaks a rule) is
    /// ``errorMessage`` and changes nothing. Sent with an `Idempotency-Key`, so a retry after a
    /// lost answer swaps once. Returns the plan as saved, or nil when it was not swapped.
    @discardableResult
    public func swap(_ id: ArtifactID, day: String, reason: String? = nil, recipeID: String? = nil) async -> Artifact? {
        isSwapping = true
        defer { isSwapping = false }
        do {
            // The contract's rules first: what the server would refuse is refused here, in its words.
            let checked = MealSwapRequest.check(MealSwapRequest.Input(day: day, reason: reason, recipeID: recipeID))
            guard let body = checked.value else { throw ClientError.invalid(checked.problems) }
            let updated = try await api.send(ZiaRoutes.swapMealPlanDay, id, body: body, headers: ArtifactCard.saveHeaders())
            if let index = items.firstIndex(where: { $0.id == id }) { items[index] = updated }
            if opened?.id == id { opened = updated }
            errorMessage = nil
            return updated
        } catch {
            errorMessage = "The day was not changed: " + ScreenText.message(error)
            return nil
        }
    }

    /// The days of a saved meal plan, in order, as ``swap(_:day:reason:recipeID:)`` names them
    /// (empty for another kind of plan).
    public static func days(of artifact: Artifact) -> [ArtifactCard.Meal] {
        guard artifact.artifactType == .mealPlan, case .array(let meals)? = artifact.payload["meals"] else { return [] }
        return meals.compactMap { meal in
            guard case .object(let fields) = meal, case .string(let day)? = fields["day"], case .string(let title)? = fields["title"] else { return nil }
            let recipe: String? = if case .string(let id)? = fields["recipe_id"] { id } else { nil }
            return ArtifactCard.Meal(day: day, title: title, recipeID: recipe)
        }
    }

    private func page(after cursor: String?) async throws -> ([Artifact], String?) {
        let query = ArtifactQuery(type: filter.artifactType, page: PageQuery(limit: pageSize, cursor: cursor))
        let response = try await api.client.response(ZiaRoutes.artifacts, NoParameter(), query: query)
        let items = try api.client.decode(response, of: ZiaRoutes.artifacts)
        return (items, response.header("X-Next-Cursor").flatMap { $0.isEmpty ? nil : $0 })
    }
}
