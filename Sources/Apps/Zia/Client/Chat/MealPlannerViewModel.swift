import Foundation
import Observation

/// The meal planner screen (docs/zia.md, "Assistant stream and chat"): one tap plans the week — a status line while it
/// works, then the plan's text, its recipes and the grocery list by aisle. "Use My Pantry" shows
/// only what the pantry lacks (`final.missing_grocery`); the plan saves as a meal-plan artifact.
/// With ``ZiaSettings/aiAssistEnabled`` off it shows the sample meals and sends nothing.
@MainActor
@Observable
public final class MealPlannerViewModel {
    /// One aisle of the list, in store order.
    public struct AisleGroup: Sendable, Equatable, Identifiable {
        public var aisle: String
        public var items: [GroceryList.Item]
        public var id: String { aisle }
    }

    /// The goal the planner sends.
    public nonisolated static let defaultGoal = "Plan family dinners for the week"

    public private(set) var isStreaming = false
    /// The latest status line while planning ("Fetching recipes...").
    public private(set) var status: String?
    /// The plan's text: streaming tokens, then the final plan.
    public private(set) var planText = ""
    public private(set) var recipes: [Recipe] = []
    public private(set) var refusal: AssistRefusal?
    public private(set) var quota: AssistQuotaExceeded?
    public private(set) var errorMessage: String?
    /// What the plan saves as (nil until a plan arrived, and for the sample meals).
    public private(set) var card: ArtifactCard?
    public private(set) var saved: Artifact?
    /// A save is on its way (the button is disabled; another tap does nothing).
    public private(set) var isSaving = false
    /// "Use My Pantry": on, ``aisleGroups`` lists only what the pantry lacks.
    public var usePantry = false

    let api: ZiaAPIClient
    let settings: ZiaSettings
    private var grocery: GroceryList?
    private var missing: MissingGroceryList?
    @ObservationIgnored private(set) var running: Task<Void, Never>?

    public init(api: ZiaAPIClient, settings: ZiaSettings = ZiaSettings()) {
        self.api = api
        self.settings = settings
    }

    /// The grocery list by aisle (the missing items with ``usePantry`` on), in store order.
    public var aisleGroups: [AisleGroup] {
        Self.groups(usePantry ? missing?.aisles ?? grocery?.aisles ?? [:] : grocery?.aisles ?? [:])
    }

    /// Aisles in ``GroceryAisle``'s store order (unknown ones after, by name), empty ones left out.
    public nonisolated static func groups(_ aisles: [String: [GroceryList.Item]]) -> [AisleGroup] {
        let order = GroceryAisle.allCases.map(\.rawValue)
        return aisles.filter { !$0.value.isEmpty }.map { AisleGroup(aisle: $0.key, items: $0.value) }.sorted { a, b in
            let (i, j) = (order.firstIndex(of: a.aisle) ?? order.count, order.firstIndex(of: b.aisle) ?? order.count)
            return i != j ? i < j : a.aisle < b.aisle
        }
    }

    /// Plans the week; ignored while a plan is streaming.
    public func start(goal: String = MealPlannerViewModel.defaultGoal) {
        guard !isStreaming else { return }
        planText = ""
        recipes = []
        grocery = nil
        missing = nil
        card = nil
        saved = nil
        refusal = nil
        quota = nil
        errorMessage = nil
        guard settings.aiAssistEnabled else {
            planText = OfflineMeals.planText(for: settings.household)
            return
        }
        isStreaming = true
        let request = AssistRequest(goal: goal, mode: .meals)
        running = Task { [api] in
            let turn = await AssistTurn.stream(request, api: api) { [weak self] turn in
                self?.status = turn.status
                self?.planText = turn.text
            }
            self.finish(turn)
        }
    }

    /// Stops planning; the text so far stays.
    public func stop() { running?.cancel() }

    /// Waits for the running plan, if any, to end.
    public func waitForPlan() async { await running?.value }

    private func finish(_ turn: AssistTurn) {
        isStreaming = false
        status = nil
        running = nil
        planText = turn.final?.planText ?? turn.text
        recipes = turn.final?.recipes ?? []
        grocery = turn.final?.grocery
        missing = turn.final?.missingGrocery
        card = turn.final.flatMap(ArtifactCard.init)
        switch turn.outcome {
        case .refused(let value)?: refusal = value
        case .quotaExceeded(let value)?: quota = value
        case .failed(let message)?, .interrupted(let message)?: errorMessage = message
        default: break
        }
    }

    /// Saves the plan as a meal-plan artifact (once).
    public func save() async {
        guard let card, saved == nil, !isSaving else { return }
        isSaving = true
        defer { isSaving = false }
        do {
            saved = try await api.send(ZiaRoutes.saveArtifact, body: card.body, headers: ArtifactCard.saveHeaders())
        } catch {
            errorMessage = AssistTurn.message(for: error)
        }
    }
}
