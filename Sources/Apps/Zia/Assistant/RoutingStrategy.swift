import AIProviders
import Foundation
import ZiaAPI

/// The routing strategies (docs/zia.md, "Models"), each a purpose and an order to try its chain in: a simple
/// request tries the cheapest model first (`fast_fallback`), a complex one the strongest first
/// (`quality_first`), and a meal plan for a household with allergies goes through the
/// `zia.safety_critical` chain in its configured order (`safety_critical`). The offline model is
/// last in every case.
public enum RoutingStrategy: String, Sendable, CaseIterable {
    case fastFallback = "fast_fallback"
    case qualityFirst = "quality_first"
    case safetyCritical = "safety_critical"

    public static let planningPurpose = "zia.planning"
    public static let synthesisPurpose = "zia.synthesis"
    public static let safetyCriticalPurpose = "zia.safety_critical"

    /// The strategy for a run: allergies on the meal planner → safety-critical; otherwise by
    /// complexity, except that meal plans start at the strongest model for users in the
    /// `model_strategy` experiment's `quality_meals` arm.
    public static func choose(intent: AssistIntent, household: HouseholdProfile, complexity: RequestComplexity, qualityMeals: Bool = false) -> RoutingStrategy {
        if intent == .mealPlanning, !household.safetyAllergies.isEmpty { return .safetyCritical }
        if intent == .mealPlanning, qualityMeals { return .qualityFirst }
        return complexity == .complex ? .qualityFirst : .fastFallback
    }

    /// How this strategy orders a chain.
    public var order: TargetOrder {
        switch self {
        case .fastFallback: .cheapestFirst
        case .qualityFirst: .strongestFirst
        case .safetyCritical: .configured
        }
    }

    /// The purpose a stage's call goes through: synthesis of a safety-critical run uses the
    /// safety-critical chain; planning (a search query) always the planning chain.
    public func purpose(for stage: ModelStage) -> String {
        switch (stage, self) {
        case (.planning, _): Self.planningPurpose
        case (.synthesis, .safetyCritical): Self.safetyCriticalPurpose
        case (.synthesis, _): Self.synthesisPurpose
        }
    }
}
